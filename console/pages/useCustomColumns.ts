// A list or detail page with `customFields`: its document with a column and a
// filter (a detail page: a field) per custom field of the resource
// (engine/pages/custom-columns.ts), read once per page from GET
// /api/custom-fields?endpoint=.
import { useEffect, useMemo, useState } from 'react';
import { http } from '../../engine/http/client';
import { withCustomColumns, type CustomFieldInfo } from '../../engine/pages/custom-columns';
import type { PageDocument } from '../../engine/pages/types';

export function useCustomColumns(doc: PageDocument): PageDocument {
  const [fields, setFields] = useState<CustomFieldInfo[]>([]);
  const endpoint = doc.customFields ? doc.endpoint : undefined;
  useEffect(() => {
    if (!endpoint) return;
    const controller = new AbortController();
    http
      .get<{ data?: { fields?: CustomFieldInfo[] } }>('/custom-fields', {
        params: { endpoint },
        signal: controller.signal,
      })
      .then((response) => setFields(response.data?.data?.fields ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [endpoint]);
  return useMemo(() => withCustomColumns(doc, fields), [doc, fields]);
}
