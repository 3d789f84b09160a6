// Generates engine/schema/types.ts from the meta-schemas in schemas/*.schema.json.
// The meta-schemas are the single source of truth for the document types: edit the
// JSON, then run `npx tsx scripts/schemas-check/generate-types.ts`. A unit test
// (scripts/schemas-check/types.test.ts) fails when types.ts is out of date.

type Json = Record<string, unknown>;

export interface MetaSchemaSource {
  /** File name, e.g. form.schema.json (used to resolve cross-file $ref). */
  file: string;
  schema: Json;
}

interface Ctx {
  sources: Map<string, Json>;
  file: string;
  /** The nodes that name a type: the root and the entries of `$defs`. */
  named: ReadonlySet<Json>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function titleOf(ctx: Ctx, ref: string): string {
  const [filePart, pointer = ''] = ref.split('#');
  const file = filePart || ctx.file;
  const root = ctx.sources.get(file);
  if (!root) throw new Error(`codegen: unknown $ref file ${file}`);
  let node: unknown = root;
  for (const seg of pointer.split('/').filter(Boolean)) node = isObject(node) ? node[seg] : undefined;
  if (!isObject(node) || typeof node.title !== 'string') throw new Error(`codegen: $ref ${ref} has no title`);
  return node.title;
}

function literal(v: unknown): string {
  return JSON.stringify(v);
}

function primitive(t: string): string {
  switch (t) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return 'unknown[]';
    case 'object':
      return 'Record<string, unknown>';
    default:
      throw new Error(`codegen: unknown type ${t}`);
  }
}

function doc(s: Json, indent: string): string {
  return typeof s.description === 'string' ? `${indent}/** ${s.description.replace(/\*\//g, '*\\/')} */\n` : '';
}

/** TypeScript type expression for a schema node. `top` is true for a titled definition itself. */
function typeOf(ctx: Ctx, s: unknown, indent: string, top = false): string {
  if (!isObject(s)) return 'unknown';
  if (!top && ctx.named.has(s)) return s.title as string;
  if (typeof s.$ref === 'string') return titleOf(ctx, s.$ref);
  if ('const' in s) return literal(s.const);
  if (Array.isArray(s.enum)) return s.enum.map(literal).join(' | ');
  const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.map((u) => typeOf(ctx, u, indent)).join(' | ');
  if (Array.isArray(s.type)) return s.type.map((t) => primitive(String(t))).join(' | ');
  if (s.type === 'array') {
    const item = typeOf(ctx, s.items, indent);
    return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
  }
  if (s.type === 'object' || isObject(s.properties)) return objectType(ctx, s, indent);
  if (typeof s.type === 'string') return primitive(s.type);
  return 'unknown';
}

function objectType(ctx: Ctx, s: Json, indent: string): string {
  const props = isObject(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const inner = indent + '  ';
  const lines: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const key = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : literal(name);
    lines.push(
      `${doc(isObject(prop) ? prop : {}, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(ctx, prop, inner)};`,
    );
  }
  const extra = s.additionalProperties;
  if (extra === true || (extra === undefined && lines.length === 0)) {
    lines.push(`${inner}[key: string]: unknown;`);
  } else if (isObject(extra)) {
    lines.push(`${inner}[key: string]: ${typeOf(ctx, extra, inner)};`);
  }
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * The titled root and `$defs` entries of a meta-schema: each is a type. A title
 * elsewhere (a field property's "Key", "Help text") is a human label, read by
 * the studio's property panel, and names no type.
 */
function namedNodes(schema: Json): Json[] {
  const defs = isObject(schema.$defs) ? Object.values(schema.$defs) : [];
  return [schema, ...defs].filter((n): n is Json => isObject(n) && typeof n.title === 'string');
}

/** Emits one exported type per titled schema node of every meta-schema. */
export function generateTypes(sources: MetaSchemaSource[]): string {
  const map = new Map(sources.map((s) => [s.file, s.schema]));
  const named = new Set(sources.flatMap((s) => namedNodes(s.schema)));
  const out: string[] = [
    '// GENERATED from schemas/*.schema.json by engine/schema/codegen.ts. Do not edit by hand:',
    '// change the meta-schema and run `npx tsx scripts/schemas-check/generate-types.ts`.',
    '',
  ];
  const seen = new Set<string>();
  for (const { file, schema } of sources) {
    for (const node of namedNodes(schema)) {
      const name = node.title as string;
      if (seen.has(name)) continue;
      seen.add(name);
      const body = typeOf({ sources: map, file, named }, node, '', true);
      out.push(
        body.startsWith('{')
          ? `${doc(node, '')}export interface ${name} ${body}`
          : `${doc(node, '')}export type ${name} = ${body};`,
      );
      out.push('');
    }
  }
  return out.join('\n');
}
