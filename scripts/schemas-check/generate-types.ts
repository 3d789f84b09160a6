// Regenerates engine/schema/types.ts from the meta-schemas (schemas/*.schema.json),
// the single source of truth for the form, prompt, lookup and menu document types.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderTypesFile } from './types-file';

const root = fileURLToPath(new URL('../..', import.meta.url));
const target = fileURLToPath(new URL('../../engine/schema/types.ts', import.meta.url));
writeFileSync(target, await renderTypesFile(root));
console.log(`wrote ${target}`);
