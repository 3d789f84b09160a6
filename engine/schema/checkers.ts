// Cross-checkers by document folder (kind) under schemas/: run by schemas:check and
// by the server before it publishes a document. To check a new folder, import its
// checker and add one line.
import { checkPageDocument } from '../pages/check';
import { checkMenuDocument } from '../routes/menu-additions';
import { checkFormDocument, checkLookupDocument, type DocumentChecker } from './check-document';

export const crossCheckers: Record<string, DocumentChecker> = {
  forms: checkFormDocument,
  prompts: checkFormDocument,
  lookups: checkLookupDocument,
  pages: checkPageDocument,
  menus: checkMenuDocument,
};
