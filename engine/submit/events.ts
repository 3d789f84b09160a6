// Events a successful submit emits for the pages (forms spec §4): reload the
// table named by the form's tableRef, or a general reload-data event.

export interface ReloadDetail {
  /** The table to reload (form schema tableRef), if the form names one. */
  tableRef?: string;
  /** The form document that was submitted. */
  form?: string;
}

export const formEvents = new EventTarget();
export const RELOAD_DATA = 'reload-data';

export function emitReloadData(detail: ReloadDetail): void {
  formEvents.dispatchEvent(new CustomEvent<ReloadDetail>(RELOAD_DATA, { detail }));
}

/** Subscribes to reload-data; returns the unsubscribe function. */
export function onReloadData(listener: (detail: ReloadDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ReloadDetail>).detail);
  formEvents.addEventListener(RELOAD_DATA, handler);
  return () => formEvents.removeEventListener(RELOAD_DATA, handler);
}
