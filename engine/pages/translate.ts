// The interface texts of a page document through a translator (the console's
// t()): titles, labels, option labels, prompt texts, empty and error texts.
// Keys, endpoints and templates' {placeholders} are left as they are.
import type { PageAction, PageDocument } from './types';

export type Translate = (text: string) => string;

function translateAction(action: PageAction, t: Translate): PageAction {
  const confirm = action.confirm && {
    ...action.confirm,
    title: t(action.confirm.title),
    ...(action.confirm.text ? { text: t(action.confirm.text) } : {}),
    ...(action.confirm.confirmText ? { confirmText: t(action.confirm.confirmText) } : {}),
    ...(action.confirm.cancelText ? { cancelText: t(action.confirm.cancelText) } : {}),
    ...(action.confirm.selectBox
      ? { selectBox: { ...action.confirm.selectBox, label: t(action.confirm.selectBox.label) } }
      : {}),
  };
  const refuse = action.refuse?.map((rule) => ({ ...rule, reason: t(rule.reason) }));
  return { ...action, label: t(action.label), ...(confirm ? { confirm } : {}), ...(refuse ? { refuse } : {}) };
}

export function translateDocument(doc: PageDocument, t: Translate): PageDocument {
  const opt = <T extends { title?: string; label?: string }>(x: T): T => ({
    ...x,
    ...(x.title !== undefined ? { title: t(x.title) } : {}),
    ...(x.label !== undefined ? { label: t(x.label) } : {}),
  });
  const actions = (list?: PageAction[]) => list?.map((a) => translateAction(a, t));
  const out: PageDocument = {
    ...doc,
    title: t(doc.title),
    ...(doc.description ? { description: t(doc.description) } : {}),
    ...(doc.empty ? { empty: t(doc.empty) } : {}),
    ...(doc.error ? { error: t(doc.error) } : {}),
    ...(doc.notFound ? { notFound: t(doc.notFound) } : {}),
    ...(doc.search
      ? {
          search: {
            ...doc.search,
            ...(doc.search.label ? { label: t(doc.search.label) } : {}),
            ...(doc.search.placeholder ? { placeholder: t(doc.search.placeholder) } : {}),
          },
        }
      : {}),
  };
  if (doc.columns) out.columns = doc.columns.map(opt);
  if (doc.fields) out.fields = doc.fields.map(opt);
  if (doc.tabs) out.tabs = doc.tabs.map(opt);
  if (doc.filters)
    out.filters = doc.filters.map((f) => ({ ...opt(f), ...(f.options ? { options: f.options.map(opt) } : {}) }));
  if (doc.chart)
    out.chart = {
      ...doc.chart,
      ...(doc.chart.xTitle ? { xTitle: t(doc.chart.xTitle) } : {}),
      series: doc.chart.series.map(opt),
    };
  if (doc.tree?.details) out.tree = { ...doc.tree, details: doc.tree.details.map(opt) };
  for (const key of ['toolbarActions', 'rowActions', 'bulkActions', 'actions'] as const) {
    if (doc[key]) out[key] = actions(doc[key]);
  }
  return out;
}
