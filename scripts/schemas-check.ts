// npm run schemas:check [dir]: validates every document under schemas/ (or dir)
// against its meta-schema plus the cross-checks; prints `file: /pointer: message`
// per problem and exits non-zero when there is any.
import { resolve } from 'node:path';
import { checkSchemas, defaultSchemasDir } from './schemas-check/check';

const dir = process.argv[2] ? resolve(process.argv[2]) : defaultSchemasDir;
const problems = checkSchemas(dir);
for (const p of problems) console.log(`${p.file}: ${p.pointer}: ${p.message}`);
if (problems.length > 0) {
  console.error(`schemas:check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('schemas:check: every document is valid');
