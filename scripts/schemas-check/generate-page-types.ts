// Regenerates engine/pages/types.ts from schemas/page.schema.json.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderPageTypes } from './page-types-file';

const root = fileURLToPath(new URL('../..', import.meta.url));
writeFileSync(fileURLToPath(new URL('../../engine/pages/types.ts', import.meta.url)), await renderPageTypes(root));
