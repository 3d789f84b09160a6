// Cross-checkers by folder under schemas/. To check a new folder, import its checker
// and add one line.
import { checkPageDocument } from '../../engine/pages/check';
import { checkFormDocument, checkLookupDocument, type DocumentChecker } from '../../engine/schema/check-document';

export const crossCheckers: Record<string, DocumentChecker> = {
  forms: checkFormDocument,
  prompts: checkFormDocument,
  lookups: checkLookupDocument,
  pages: checkPageDocument,
};
