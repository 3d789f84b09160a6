// GENERATED from schemas/*.schema.json by engine/schema/codegen.ts. Do not edit by hand:
// change the meta-schema and run `npx tsx scripts/schemas-check/generate-types.ts`.

/** A form of the console: rendered at /forms/<name> and in modals, validated by the server against the same document. The file name is the form name. */
export interface FormDocument {
  /** Path of this meta-schema, so editors autocomplete and flag mistakes. */
  $schema: string;
  /** Modal or page title. */
  title: string;
  /** Line under the title. */
  subtitle?: string;
  /** Text shown above the fields (FormDescription). */
  description?: string;
  /** API path under /api. {key} placeholders are filled from field values (and :id from the route). */
  endpoint: string;
  /** HTTP method, post by default. */
  method?: 'post' | 'put' | 'patch' | 'delete';
  /** Base URL other than /api. */
  baseURL?: string;
  /** multipart sends a FormData body (file uploads). */
  encoding?: 'json' | 'multipart';
  /** Item name used in result messages; derived from the endpoint when absent. */
  item?: string;
  /** Verb used in result messages ('{Item} {verb}d successfully'); derived from the method when absent. */
  verb?: string;
  /** Label of the submit button (default Submit). */
  submitText?: string;
  /** Permission(s) the user needs to open and submit the form. */
  permission?: PermissionList;
  schema?: FormSchemaOptions;
  /** Custom success toast instead of the server message. */
  successMsg?: string;
  /** No success toast. */
  hideMsg?: boolean;
  /** After success, show a value of the response once (a secret such as a new API token) in its own modal. */
  reveal?: {
    /** Dotted path of the value in the response body. */
    key: string;
    title: string;
    text: string;
  };
  /** Keep the modal open after success. */
  leaveOpen?: boolean;
  /** false: do not reload the table or emit the reload-data event after success. */
  reload?: boolean;
  /** A single general error is shown as a toast. */
  toastErrors?: boolean;
  /** Errors open an Error modal. */
  modalError?: boolean;
  /** Bulk forms: merge the selection and field values into one payload. */
  combineBulkSources?: boolean;
  bulk?: BulkOptions;
  /** GET path under /api (:id from the route) whose data fills the initial values of an edit form. */
  load?: string;
  /** Fields whose value must differ from the one the form opened with; otherwise the toast 'Please input different value to save changes.' and no request. */
  requireChange?: string[];
  fields: FieldSchema[];
  /** Translations of this document's texts, by language (no, ja, uk) and English text; they win over the console's catalogue, so a product owner translates a new text with the document. */
  translations?: {
    [key: string]: {
      [key: string]: string;
    };
  };
}

export type PermissionList = string | string[];

export type Scalar = string | number | boolean;

/** Form options of the spec's schema object. */
export interface FormSchemaOptions {
  /** Schema id (defaults to the file name). */
  id?: string;
  /** Initial values by field key. */
  defaults?: {
    [key: string]: unknown;
  };
  /** Table reloaded after a successful submit. */
  tableRef?: string;
  /** On the form route, do not go back one step after success. */
  skipNavigate?: boolean;
}

/** Bulk payload: {actionField: list, ...} when actionField is set, otherwise {data: [{device_id, ...}]}. */
export interface BulkOptions {
  selectionKey?: string;
  actionField?: string;
}

export interface OptionItem {
  value: Scalar;
  label: string;
  description?: string;
}

/** A parameter; a string '{key}' is replaced by the value of field key. */
export type ParamValue = string | number | boolean;

/** Options loaded from a lookup document (schemas/lookups/<lookup>.json). */
export interface LookupRef {
  lookup: string;
  params?: {
    [key: string]: ParamValue;
  };
  /** Registered transform applied to the loaded items. */
  transform?: string;
  /** Item property submitted, instead of the lookup's valueKey. */
  valueKey?: string;
  /** Item property shown, instead of the lookup's labelKey. */
  labelKey?: string;
}

/** Options from the lookup chosen by the value of another field: lookups by that field's value (e.g. applied_by device, company or tag). A change of the value reloads the options and clears the selection; a value without a lookup offers nothing. */
export interface LookupSwitch {
  /** Key of the field whose value chooses the lookup. */
  lookupBy: string;
  /** The lookup for each value of the lookupBy field. */
  lookups: {
    [key: string]: LookupRef;
  };
}

/** A registered function by name (engine/schema/functions.ts) with parameters. */
export interface FunctionRef {
  function: string;
  params?: {
    [key: string]: unknown;
  };
}

export type OptionsSource = OptionItem[] | LookupRef | LookupSwitch | FunctionRef;

/** The field is visible only while field key holds one of values (or any non-empty value when values is absent). */
export interface DependsRule {
  key: string;
  values?: Scalar[];
  /** Invert the rule: visible while the value is NOT one of values. */
  not?: boolean;
}

/** A select attached to the input (e.g. a unit), submitted under its own key. */
export interface FieldAddon {
  key: string;
  options: OptionsSource;
  default?: Scalar;
}

export interface ListInputOptions {
  addKeys?: string[];
  maxItems?: number;
  /** Reject a duplicate with an error. */
  uniqueItems?: boolean;
  /** Silently clear a duplicate. */
  noDupes?: boolean;
  type?: 'text' | 'number';
  pattern?: string;
  min?: number;
  max?: number;
  minItemLength?: number;
  maxItemLength?: number;
  showCsvUpload?: boolean;
  notranslate?: boolean;
}

export interface TableInputField {
  key: string;
  title: string;
  pattern?: string;
  maxlength?: number;
  required?: boolean;
}

export interface TableInputOptions {
  fields: TableInputField[];
  maxRows?: number;
}

/** A form field with the attributes of the spec's form-field schema. */
export interface FieldSchema {
  /** Payload key. */
  key: string;
  label?: string;
  type?:
    | 'text'
    | 'password'
    | 'email'
    | 'file'
    | 'textarea'
    | 'color'
    | 'checkbox'
    | 'radio'
    | 'number'
    | 'select'
    | 'hidden'
    | 'date'
    | 'url';
  component?: 'ItemSelect' | 'BaseAlert' | 'ListInput' | 'TableInput';
  required?: boolean;
  options?: OptionsSource;
  multiple?: boolean;
  placeholder?: string;
  /** Help text under the field. */
  subtext?: string;
  /** Hint opened from the label (FieldHint). */
  hint?: string;
  min?: number;
  max?: number;
  step?: number;
  minlength?: number;
  maxlength?: number;
  pattern?: string;
  /** Message when pattern does not match. */
  patternMessage?: string;
  /** Registered validators (engine/validators/registry.ts), e.g. ipv4, domain. */
  validate?: string[];
  /** Mask with tokens # * S F A a and ! escapes. */
  mask?: string;
  disabled?: boolean;
  class?: string;
  trueValue?: Scalar;
  falseValue?: Scalar;
  /** Initial value. */
  default?: unknown;
  depends?: DependsRule[];
  permission?: PermissionList;
  addon?: FieldAddon;
  /** Password generator button (16 characters). */
  generate?: boolean;
  href?: string;
  linkText?: string;
  icon?: string;
  optionDescriptionBlock?: boolean;
  onChange?: FunctionRef;
  /** File types, e.g. .json or text/csv. */
  accept?: string;
  /** File size limit in bytes (83886080). */
  maxSize?: number;
  /** File fields: the warnings variant of the size message, 'Maximum file size is 80MB', instead of 'Maximum file size is {size}'. */
  warnings?: boolean;
  /** Registered formatter applied to the typed value. */
  formatter?: string;
  /** BaseAlert: registered text function. */
  compute?: FunctionRef;
  /** BaseAlert text. */
  text?: string;
  variant?: 'info' | 'success' | 'warning' | 'error';
  noTranslate?: boolean;
  autocomplete?: string;
  list?: ListInputOptions;
  table?: TableInputOptions;
}

/** A prompt dialog (verification code, password confirmation, generic input). The file name is the prompt name. */
export interface PromptDocument {
  $schema: string;
  title: string;
  subtitle?: string;
  description?: string;
  /** Where the prompt posts its value, if anywhere. */
  endpoint?: string;
  method?: 'post' | 'put' | 'patch' | 'delete';
  confirmText?: string;
  cancelText?: string;
  fields: FieldSchema[];
  /** Translations of this document's texts, by language (no, ja, uk) and English text; they win over the console's catalogue, so a product owner translates a new text with the document. */
  translations?: {
    [key: string]: {
      [key: string]: string;
    };
  };
}

/** A lookup list: options loaded with GET from the API. The file name is the lookup name. */
export interface LookupDocument {
  $schema: string;
  description?: string;
  /** API path under /api. */
  path: string;
  /** Fixed query parameters; a form may add its own. */
  params?: {
    [key: string]: string | number | boolean;
  };
  /** Item property shown as the option label. */
  labelKey: string;
  /** Item property submitted as the value. */
  valueKey: string;
  /** Item property shown under the label. */
  descriptionKey?: string;
  /** Query parameter carrying the typed search text. */
  searchParam?: string;
  /** Page size (the spec's lookup page size, 100). */
  limit?: 100;
  /** Permission needed to load the list. */
  permission?: string;
}
