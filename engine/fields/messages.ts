// The messages of the file and list field kinds. The spec gives the file and CSV
// texts verbatim (forms spec §5); the list item texts are the browser's own
// validity messages (the spec has the typed value's browser validity checked);
// a table's row limit is the engine's own.
// The English text is the catalogue key: the kinds speak them through t() when
// the check runs, so the console says them in its language and the server (no
// catalogue) in English.

export const FIELD_MESSAGES = {
  maxFileSize: 'Maximum file size is {size}',
  maxFileSizeWarnings: 'Maximum file size is 80MB',
  fileName: 'File name contains forbidden symbols',
  fileType: 'The {name} must be a file of type: {types}.',
  notCsv: 'Not a CSV file selected',
  csvTooLarge: 'File size must be lower than 80MB',
  duplicate: 'This value is already in the list',
  number: 'Please enter a number.',
  min: 'Value must be greater than or equal to {min}.',
  max: 'Value must be less than or equal to {max}.',
  tooShort:
    'Please lengthen this text to {count} character or more.|Please lengthen this text to {count} characters or more.',
  tooLong:
    'Please shorten this text to {count} character or less.|Please shorten this text to {count} characters or less.',
  pattern: 'Please match the requested format.',
  maxRows: 'No more than {count} rows.',
} as const;
