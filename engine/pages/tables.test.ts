// A form names the table it reloads after it succeeds (schema.tableRef, forms spec §4): a list page answers to
// its own name and its `table`. A name no list answers to reloads nothing, and the list the operator came
// from would go on showing what the form just changed.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listJsonFiles } from '../schema/load-fs';
import type { FormDocument } from '../schema/types';
import type { PageDocument } from './types';

const files = listJsonFiles(fileURLToPath(new URL('../../schemas', import.meta.url)));
const read = <T>(folder: string) =>
  files.filter((f) => f.folder === folder).map((f) => [f.name, JSON.parse(f.text) as T] as const);

describe('tables a form reloads', () => {
  it('every tableRef names a list page, by its name or its table', () => {
    const lists = read<PageDocument>('pages').filter(([, page]) => page.kind === 'list');
    const answered = new Set(lists.flatMap(([name, page]) => [name, ...(page.table ? [page.table] : [])]));
    const unanswered = read<FormDocument>('forms')
      .filter(([, form]) => form.schema?.tableRef && !answered.has(form.schema.tableRef))
      .map(([name, form]) => `${name}: ${form.schema!.tableRef}`);
    expect(unanswered).toEqual([]);
  });
});
