// Cross-checks of page documents that JSON Schema cannot express: references
// to forms, prompts, pages, formatters and permissions, unique keys, a default
// sort on a sortable column. Used by scripts/schemas-check.ts.
import { formatterNames } from '../format/formatters';
import type { PageAction, PageDocument } from './types';

export interface PageCheckContext {
  /** This document's name (file name without .json). */
  name?: string;
  forms?: Iterable<string>;
  prompts?: Iterable<string>;
  pages?: Iterable<string>;
  permissions?: Iterable<string>;
}

/** The context scripts/schemas-check passes: document names per folder under schemas/. */
export interface FolderNamesContext {
  name?: string;
  names: Record<string, ReadonlySet<string>>;
}

export interface PageProblem {
  pointer: string;
  message: string;
}

const ACTION_GROUPS = ['toolbarActions', 'rowActions', 'bulkActions', 'actions'] as const;

function duplicates(keys: string[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  keys.forEach((key, i) => (seen.has(key) ? out.add(i) : seen.add(key)));
  return out;
}

function normalise(ctx: PageCheckContext | FolderNamesContext): PageCheckContext {
  if (!('names' in ctx)) return ctx;
  return {
    name: ctx.name,
    forms: ctx.names.forms ?? [],
    prompts: ctx.names.prompts ?? [],
    pages: ctx.names.pages ?? [],
  };
}

export function checkPageDocument(raw: unknown, context: PageCheckContext | FolderNamesContext = {}): PageProblem[] {
  const doc = raw as PageDocument;
  const ctx = normalise(context);
  const problems: PageProblem[] = [];
  const add = (pointer: string, message: string) => problems.push({ pointer, message });
  const formatters = new Set(formatterNames());
  const forms = ctx.forms ? new Set(ctx.forms) : undefined;
  const prompts = ctx.prompts ? new Set(ctx.prompts) : undefined;
  const pages = ctx.pages ? new Set(ctx.pages) : undefined;
  const permissions = ctx.permissions ? new Set(ctx.permissions) : undefined;
  const knownFormatters = [...formatters].join(', ');

  const checkFormatter = (pointer: string, name: string | undefined) => {
    if (name !== undefined && !formatters.has(name)) {
      add(pointer, `Unknown formatter "${name}"; registered formatters: ${knownFormatters}.`);
    }
  };
  const checkPermission = (pointer: string, permission: string | string[] | undefined) => {
    if (!permissions || permission === undefined) return;
    for (const p of typeof permission === 'string' ? [permission] : permission) {
      if (!permissions.has(p)) add(pointer, `Unknown permission "${p}".`);
    }
  };
  const checkUnique = (pointer: string, label: string, keys: string[]) => {
    for (const i of duplicates(keys)) add(`${pointer}/${i}/key`, `Duplicate ${label} key "${keys[i]}".`);
  };

  checkPermission('/permission', doc.permission);
  const columns = doc.columns ?? [];
  checkUnique(
    '/columns',
    'column',
    columns.map((c) => c.key),
  );
  columns.forEach((c, i) => checkFormatter(`/columns/${i}/formatter`, c.formatter));
  (doc.fields ?? []).forEach((f, i) => checkFormatter(`/fields/${i}/formatter`, f.formatter));
  if (doc.chart) {
    checkFormatter('/chart/xFormatter', doc.chart.xFormatter);
    doc.chart.series.forEach((s, i) => checkFormatter(`/chart/series/${i}/formatter`, s.formatter));
  }

  if (doc.defaultSort) {
    const key = doc.defaultSort.replace(/^-/, '');
    if (!columns.some((c) => c.key === key && c.sortable)) {
      add('/defaultSort', `Default sort "${doc.defaultSort}" must name a sortable column.`);
    }
  }
  if (doc.defaultPageSize !== undefined && doc.pageSizes && !doc.pageSizes.includes(doc.defaultPageSize)) {
    add('/defaultPageSize', `Default page size ${doc.defaultPageSize} is not one of the page sizes.`);
  }

  const filters = doc.filters ?? [];
  checkUnique(
    '/filters',
    'filter',
    filters.map((f) => f.key),
  );
  filters.forEach((f, i) => {
    checkPermission(`/filters/${i}/permission`, f.permission);
    if ((f.type ?? 'select') === 'select' && !f.options?.length && !f.lookup) {
      add(`/filters/${i}`, `Select filter "${f.key}" needs options or a lookup.`);
    }
  });

  for (const group of ACTION_GROUPS) {
    const actions: PageAction[] = doc[group] ?? [];
    checkUnique(
      `/${group}`,
      'action',
      actions.map((a) => a.key),
    );
    actions.forEach((a, i) => {
      const at = `/${group}/${i}`;
      checkPermission(`${at}/permission`, a.permission);
      if (a.form && forms && !forms.has(a.form)) add(`${at}/form`, `Form "${a.form}" is not in schemas/forms/.`);
      if (a.prompt && prompts && !prompts.has(a.prompt)) {
        add(`${at}/prompt`, `Prompt "${a.prompt}" is not in schemas/prompts/.`);
      }
      if (a.request?.method === 'delete' && !a.confirm) add(at, `Action "${a.key}" deletes without a confirmation.`);
    });
  }
  if (doc.bulkActions?.length && !doc.selectable) add('/bulkActions', 'Bulk actions need "selectable": true.');
  if (doc.kind !== 'list') {
    for (const key of ['columns', 'filters', 'rowActions', 'bulkActions', 'search'] as const) {
      if (doc[key] !== undefined) add(`/${key}`, `"${key}" only applies to list pages (kind is "${doc.kind}").`);
    }
  }

  const tabs = doc.tabs ?? [];
  checkUnique(
    '/tabs',
    'tab',
    tabs.map((t) => t.key),
  );
  tabs.forEach((t, i) => {
    checkPermission(`/tabs/${i}/permission`, t.permission);
    if (ctx.name && t.page === ctx.name) add(`/tabs/${i}/page`, 'A tab cannot show its own page.');
    else if (pages && !pages.has(t.page)) add(`/tabs/${i}/page`, `Page "${t.page}" is not in schemas/pages/.`);
  });
  (doc.sections ?? []).forEach((section, i) => {
    if (ctx.name && section === ctx.name) add(`/sections/${i}`, 'A page cannot show itself as a section.');
    else if (pages && !pages.has(section)) add(`/sections/${i}`, `Page "${section}" is not in schemas/pages/.`);
  });
  if (doc.defaultTab && !tabs.some((t) => t.key === doc.defaultTab)) {
    add('/defaultTab', `Default tab "${doc.defaultTab}" is not one of the tabs.`);
  }
  return problems;
}
