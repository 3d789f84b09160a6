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
  /** Schema id, initial values and the table reloaded after success. */
  schema?: FormSchemaOptions;
  /** Custom success toast instead of the server message. */
  successMsg?: string;
  /** No success toast. */
  hideMsg?: boolean;
  /** After success, show a value of the response once (a secret such as a new API token) in its own modal. */
  reveal?: {
    /** Dotted path of the value in the response body. */
    key: string;
    /** Title of the modal that shows the value. */
    title: string;
    /** Text above the value. */
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
  /** How a bulk form shapes its payload from the selection. */
  bulk?: BulkOptions;
  /** GET path under /api (:id from the route) whose data fills the initial values of an edit form. */
  load?: string;
  /** The endpoint changes only the fields a submission sends (an edit form's PUT): a required field left out keeps its stored value, a required field sent empty is refused. A submission with none of the fields is checked whole. */
  partial?: boolean;
  /** Fields whose value must differ from the one the form opened with unless another field changed (a custom field alone is a change); otherwise the toast 'Please input different value to save changes.' and no request. */
  requireChange?: string[];
  /** The form's fields, in order. */
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
  /** Key of each selected row's id (device_id by default). */
  selectionKey?: string;
  /** Key whose list holds the selection. */
  actionField?: string;
}

export interface OptionItem {
  /** The value submitted. */
  value: Scalar;
  /** Text shown for the option. */
  label: string;
  /** Text under the option. */
  description?: string;
  /** A colour drawn as a swatch beside the label (#rrggbb). */
  color?: string;
}

/** A parameter; a string '{key}' is replaced by the value of field key. */
export type ParamValue = string | number | boolean;

/** Options loaded from a lookup document (schemas/lookups/<lookup>.json). */
export interface LookupRef {
  /** Name of the lookup document (schemas/lookups/<name>.json). */
  lookup: string;
  /** Query parameters; "{key}" passes another field's value. */
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
  /** Name of the registered function. */
  function: string;
  /** Parameters of the function. */
  params?: {
    [key: string]: unknown;
  };
}

export type OptionsSource = OptionItem[] | LookupRef | LookupSwitch | FunctionRef;

/** A rule of Show when (depends) or Required when: it holds while field key holds one of values (or any non-empty value when values is absent); not inverts it. */
export interface DependsRule {
  /** Key of the field the rule reads. */
  key: string;
  /** The rule holds while the field holds one of these values; without them, while it holds any non-empty value. */
  values?: Scalar[];
  /** Invert the rule: holds while the value is NOT one of values. */
  not?: boolean;
}

/** A select attached to the input (e.g. a unit), submitted under its own key. */
export interface FieldAddon {
  /** Payload key of the addon's value. */
  key: string;
  /** The addon's choices. */
  options: OptionsSource;
  /** Initial value of the addon. */
  default?: Scalar;
}

export interface ListInputOptions {
  /** Keys that add the typed item (Enter and comma by default). */
  addKeys?: string[];
  /** Most items allowed. */
  maxItems?: number;
  /** Reject a duplicate with an error. */
  uniqueItems?: boolean;
  /** Silently clear a duplicate. */
  noDupes?: boolean;
  /** text or number. */
  type?: 'text' | 'number';
  /** Regular expression each item must match. */
  pattern?: string;
  /** Smallest number item. */
  min?: number;
  /** Largest number item. */
  max?: number;
  /** Fewest characters in an item. */
  minItemLength?: number;
  /** Most characters in an item. */
  maxItemLength?: number;
  /** Offer importing the list from a CSV file. */
  showCsvUpload?: boolean;
  /** Items are shown as typed, never translated. */
  notranslate?: boolean;
}

export interface TableInputField {
  /** Key of the column in each row. */
  key: string;
  /** Column heading. */
  title: string;
  /** Regular expression a cell must match. */
  pattern?: string;
  /** Most characters in a cell. */
  maxlength?: number;
  /** Every row needs this cell. */
  required?: boolean;
  /** The values a cell may hold, chosen from a list (a select in each row). */
  options?: OptionItem[];
}

export interface TableInputOptions {
  /** The columns of each row. */
  fields: TableInputField[];
  /** Most rows allowed. */
  maxRows?: number;
}

/** A form field with the attributes of the spec's form-field schema. */
export interface FieldSchema {
  /** Payload key: the name the value is submitted and stored under (letters, digits and _), derived from the label. */
  key: string;
  /** Text of the field's label. */
  label?: string;
  /** Input type of the field (text by default). */
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
  /** A component instead of a plain input: ItemSelect, BaseAlert, ListInput or TableInput. */
  component?: 'ItemSelect' | 'BaseAlert' | 'ListInput' | 'TableInput';
  /** The field must have a value. */
  required?: boolean;
  /** Required while every rule holds (same rules as Show when): e.g. required once a colour is chosen. */
  requiredWhen?: DependsRule[];
  /** The choices of a select, radio or ItemSelect: a list of value and label, a lookup, or a registered function. */
  options?: OptionsSource;
  /** Several options can be chosen. */
  multiple?: boolean;
  /** Greyed text shown in the empty input. */
  placeholder?: string;
  /** Help text under the field. */
  subtext?: string;
  /** Hint opened from the label (FieldHint). */
  hint?: string;
  /** Smallest number allowed. */
  min?: number;
  /** Largest number allowed. */
  max?: number;
  /** Numbers must be a multiple of this step (from Min). */
  step?: number;
  /** Fewest characters allowed. */
  minlength?: number;
  /** Most characters allowed. */
  maxlength?: number;
  /** Regular expression the whole value must match, like the HTML pattern attribute. */
  pattern?: string;
  /** Message when pattern does not match. */
  patternMessage?: string;
  /** Registered validators (engine/validators/registry.ts), e.g. ipv4, domain. */
  validate?: string[];
  /** Mask with tokens # * S F A a and ! escapes. */
  mask?: string;
  /** Shown but cannot be changed. */
  disabled?: boolean;
  /** Extra CSS class of the field. */
  class?: string;
  /** Checkbox: the value submitted when checked (true by default). */
  trueValue?: Scalar;
  /** Checkbox: the value submitted when unchecked (false by default). */
  falseValue?: Scalar;
  /** Initial value. */
  default?: unknown;
  /** Shown only while every rule holds; a hidden field's value is cleared and never submitted. */
  depends?: DependsRule[];
  /** Permission(s) a user needs to see the field; without them the field and its errors do not appear. */
  permission?: PermissionList;
  /** A select attached to the input (e.g. a unit), submitted under its own key. */
  addon?: FieldAddon;
  /** Password generator button (16 characters). */
  generate?: boolean;
  /** Path or http(s) URL of a link shown with the field. */
  href?: string;
  /** Text of the link. */
  linkText?: string;
  /** Icon name shown with the field. */
  icon?: string;
  /** Show each option's description as a block under it. */
  optionDescriptionBlock?: boolean;
  /** Registered function run when the value changes, e.g. clearFields. */
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
  /** BaseAlert colour: info, success, warning or error. */
  variant?: 'info' | 'success' | 'warning' | 'error';
  /** Texts of this field are shown as written, never translated. */
  noTranslate?: boolean;
  /** The browser autocomplete hint (e.g. off, email, new-password). */
  autocomplete?: string;
  /** ListInput: add keys, limits and item rules. */
  list?: ListInputOptions;
  /** TableInput: the columns of each row. */
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
  /** Item property holding a colour (#rrggbb) drawn as a swatch beside the label. */
  colorKey?: string;
  /** Query parameter carrying the typed search text. */
  searchParam?: string;
  /** Page size (the spec's lookup page size, 100). */
  limit?: 100;
  /** Permission needed to load the list. */
  permission?: string;
}

/** Entries product owners add to the side menu, each opening a published form at /forms/<name> under one of the menu's groups. The built-in groups and entries are the console's own (console/routes/menu.ts); the document side-menu under schemas/menus/ holds the additions. */
export interface MenuDocument {
  /** Points at this meta-schema (../menu.schema.json). */
  $schema: string;
  /** The added entries, in the order they follow the group's own. */
  entries: MenuAddition[];
}

export interface MenuAddition {
  /** Name of the side menu's group the entry goes under: one of the console's groups (console/routes/menu.ts, kept equal by its test). */
  group: 'Management' | 'RMS Connect' | 'RMS VPN' | 'Administration' | 'System';
  /** Text of the menu entry. */
  label: string;
  /** Name of the form the entry opens. */
  form: string;
  /** Permission(s) a user needs to see the entry (the form's own). */
  permission?: PermissionList;
}
