import type { Generated } from 'kysely';

// Tables of migrations-designer.ts: custom field values and document drafts.

export interface CustomValueTable {
  resource: string;
  record_id: number;
  key: string;
  company_id: number | null;
  /** The value as submitted, JSON. */
  value: string;
  /** The value as text (lists filter and sort on it); null for an empty value. */
  text_value: string | null;
  /** The value when it is a number (lists sort numbers on it). */
  number_value: number | null;
  updated_at: string;
}

export interface DocumentDraftTable {
  id: Generated<number>;
  kind: string;
  name: string;
  author_id: number;
  author: string;
  /** The published version the draft started from (0 for a new document). */
  version: number;
  /** The editor's text, as typed (it may not parse yet). */
  text: string;
  created_at: string;
  updated_at: string;
}
