// Renders engine/pages/types.ts from schemas/page.schema.json with the form
// engine's generator: the meta-schema is the single source of the page types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { generateTypes } from '../../engine/schema/codegen';

export async function renderPageTypes(repoRoot: string): Promise<string> {
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schemas/page.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const target = join(repoRoot, 'engine/pages/types.ts');
  const config = (await resolveConfig(target)) ?? {};
  const text = generateTypes([{ file: 'page.schema.json', schema }]).replace(
    'run `npx tsx scripts/schemas-check/generate-types.ts`',
    'run `npx tsx scripts/schemas-check/generate-page-types.ts`',
  );
  return format(text, { ...config, filepath: target });
}
