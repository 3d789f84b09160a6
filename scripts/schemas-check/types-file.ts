// Renders engine/schema/types.ts (formatted with the repository's Prettier settings)
// from the meta-schemas; used by the generator script and by the freshness test.
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { generateTypes } from '../../engine/schema/codegen';
import { loadMetaSchemas } from '../../engine/schema/load-fs';
import { typedMetaSchemas } from './meta-files';

export async function renderTypesFile(repoRoot: string): Promise<string> {
  const sources = loadMetaSchemas(join(repoRoot, 'schemas'))
    .filter((s) => typedMetaSchemas.includes(s.file))
    .sort((a, b) => typedMetaSchemas.indexOf(a.file) - typedMetaSchemas.indexOf(b.file));
  const target = join(repoRoot, 'engine/schema/types.ts');
  const config = (await resolveConfig(target)) ?? {};
  return format(generateTypes(sources), { ...config, filepath: target });
}
