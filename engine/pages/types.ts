// GENERATED from schemas/*.schema.json by engine/schema/codegen.ts. Do not edit by hand:
// change the meta-schema and run `npx tsx scripts/schemas-check/generate-page-types.ts`.

/** A console page: a list over an endpoint, a tab container, a detail view, a chart or an action panel. The file name under schemas/pages/ is the route's page key. */
export interface PageDocument {
  /** Points at this meta-schema (../page.schema.json). */
  $schema: string;
  /** Page heading and table caption. */
  title: string;
  /** One line under the heading. */
  description?: string;
  /** Which renderer draws the page. */
  kind: 'list' | 'tabs' | 'detail' | 'chart' | 'panel' | 'tree';
  permission?: PagePermission;
  permissionMode?: 'every' | 'some';
  /** API path under /api; {name} is replaced by a route parameter (list, detail, chart). */
  endpoint?: string;
  /** Fixed query parameters; string values may be {name} templates of route parameters. */
  params?: {
    [key: string]: string | number | boolean;
  };
  /** Row identity key (default id). */
  rowKey?: string;
  columns?: PageColumn[];
  search?: PageSearch;
  filters?: PageFilter[];
  /** Column key, '-' for descending. */
  defaultSort?: string;
  pageSizes?: number[];
  defaultPageSize?: number;
  /** Row checkboxes; the selection survives paging. */
  selectable?: boolean;
  /** Offer the refresh interval select (default true for lists). */
  refresh?: boolean;
  /** Device rows or the device item update in place from DeviceUpdated on their company channels (status, last connection, signal, uptime, name). */
  live?: boolean;
  /** API path of the CSV export of the list (e.g. /devices/export/csv): the current filters and visible columns, every page, streamed by the server. */
  export?: string;
  /** List pages: add a sortable column (and a text filter) for each custom field of the list's resource, the form fields it does not store (GET /api/custom-fields?endpoint=); detail pages: a field for each custom field of the record. */
  customFields?: boolean;
  /** Devices on the fleet map (rows or the item with latitude and longitude): a list offers a Map view of its filtered rows, a detail page draws its item above the fields. */
  map?: boolean;
  toolbarActions?: PageAction[];
  rowActions?: PageAction[];
  bulkActions?: PageAction[];
  /** The table a form's schema.tableRef names to reload this list after it succeeds (tags, devices, ...); the page's own name is one too. */
  table?: string;
  /** Text when the list has no rows. */
  empty?: string;
  /** Text when the list fails to load (the server message follows). */
  error?: string;
  /** Text when the item or list endpoint answers 404 (e.g. "Report not found"); shown instead of the load error. */
  notFound?: string;
  tabs?: PageTab[];
  defaultTab?: string;
  fields?: PageField[];
  chart?: PageChart;
  actions?: PageAction[];
  tree?: PageTree;
  /** Item field holding a dashboard's widgets, drawn under the fields (detail): value tiles and chart pages. */
  widgets?: string;
  /** Page documents drawn under this one on the same route, each with its own heading (a tag's chart, then its devices; a detail page's sections once its item is found). */
  sections?: string[];
}

/** A permission name or a list (matched with permissionMode, default every). */
export type PagePermission = string | string[];

export interface PageColumn {
  /** Field of the row (dots for nesting). */
  key: string;
  title: string;
  /** A registered formatter (engine/format/formatters.ts). */
  formatter?: string;
  sortable?: boolean;
  width?: string;
  /** Hidden by default; the user can show it in table preferences. */
  hidden?: boolean;
  /** Console path for the cell link; {key} from the row. */
  link?: string;
  align?: 'start' | 'end' | 'center';
}

export interface PageSearch {
  /** Accessible label of the search box (default Search). */
  label?: string;
  placeholder?: string;
  /** Sent as search-fields, comma-joined. */
  fields?: string[];
}

export interface PageOption {
  value: string | number;
  label: string;
}

export interface PageFilter {
  /** Query parameter (OpenAPI name). */
  key: string;
  label: string;
  type?: 'select' | 'text';
  options?: PageOption[];
  lookup?: PageLookup;
  permission?: PagePermission;
}

/** Options loaded from an endpoint (limit 100). */
export interface PageLookup {
  endpoint: string;
  valueKey?: string;
  labelKey?: string;
  params?: {
    [key: string]: string | number | boolean;
  };
}

export interface PageConfirm {
  title: string;
  /** Body; {count} is the number of selected rows, {name} etc. from the row. */
  text?: string;
  confirmText?: string;
  cancelText?: string;
  /** Offers 'Do not show this again'; re-enabled in the table preferences. */
  reminderKey?: string;
  selectBox?: PageSelectBox;
}

export interface PageRequest {
  method: 'post' | 'put' | 'patch' | 'delete';
  /** API path; {key} from the row or route. */
  path: string;
  /** Request body; string values may be '{key}' templates (row, route), '{$ids}' (selected ids) or '{$selected}' (the prompt's choice). */
  body?: {
    [key: string]: unknown;
  };
  /** Bulk payload of forms spec §7: list = {<idKey>: ids, ...body}; data = {data: [{<idKey>: id, ...body}]}. */
  bulk?: 'list' | 'data';
  /** Id field of the bulk payload (default device_id). */
  idKey?: string;
  /** After success: reload the list (default) or restart the console at its landing page (a new session, e.g. impersonation). */
  after?: 'reload' | 'restart';
}

/** Opens a registered form or prompt, follows a link, opens an RMS Connect session, or calls an endpoint after a confirmation. */
export interface PageAction {
  key: string;
  label: string;
  permission?: PagePermission;
  permissionMode?: 'every' | 'some';
  /** schemas/forms/<name>.json, opened with openForm. */
  form?: string;
  /** schemas/prompts/<name>.json, opened as a confirmation prompt. */
  prompt?: string;
  /** Console path; {key} from the row or route. */
  href?: string;
  /** API path of a file, {key} from the row or route: a GET whose blob is saved under its Content-Disposition name (forms spec: file download). */
  download?: string;
  /** RMS Connect: the id of a remote access entry ({key} from the row or route); opens a session on it and its connection page, with the link key, in a new tab. */
  connect?: string;
  request?: PageRequest;
  confirm?: PageConfirm;
  /** Initial form data; string values may be {key} templates (row, route) or '{$ids}'. */
  data?: {
    [key: string]: unknown;
  };
  tone?: 'default' | 'danger';
  /** Row action not offered on the signed-in user's own row (row id equals the user's id): no impersonating or deleting oneself. */
  notSelf?: boolean;
  /** Rows on which the server would refuse the action: instead of running it, the button says why (e.g. a default role, a company with devices). */
  refuse?: {
    /** Row field (dots for nested). */
    key: string;
    /** empty: null, missing or ''; present: any other value; positive: a number above 0. */
    when: 'empty' | 'present' | 'positive';
    reason: string;
  }[];
}

export interface PageTab {
  /** URL segment of the tab. */
  key: string;
  title: string;
  /** Page document rendered in the tab. */
  page: string;
  permission?: PagePermission;
  permissionMode?: 'every' | 'some';
}

export interface PageField {
  key: string;
  title: string;
  formatter?: string;
  link?: string;
}

export interface PageChart {
  type: 'bar' | 'line';
  /** Row key of the category axis. */
  x: string;
  /** Heading of the category axis in the data table (the row key when absent). */
  xTitle?: string;
  xFormatter?: string;
  series: PageSeries[];
}

/** Rows with a parent key drawn as nested lists (kind tree). */
export interface PageTree {
  /** Row identity (default id). */
  idKey?: string;
  /** Parent id field (default parent_id). */
  parentKey?: string;
  labelKey: string;
  /** Console path of a node; {key} from the row. */
  link?: string;
  /** Values shown after the label. */
  details?: PageField[];
}

/** A required choice inside the prompt (e.g. the tag to assign); its value is {$selected}. */
export interface PageSelectBox {
  label: string;
  options?: PageOption[];
  lookup?: PageLookup;
}

export interface PageSeries {
  key: string;
  title: string;
  formatter?: string;
}
