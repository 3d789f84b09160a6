import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Translate } from '../../engine/pages/translate';

// Node-side helpers of the key collectors: the literal t('…') and tn('…') calls of some
// folders' source files and the JSON documents of a schemas/ folder.

const CALL = /\btn?\(\s*'((?:[^'\\]|\\.)+)'/g;

/** The texts of the literal `t('…')` calls in the (non-test) source files directly in these folders. */
export function literalCalls(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .flatMap((name) =>
        [...readFileSync(join(root, dir, name), 'utf8').matchAll(CALL)].map((m) => m[1].replace(/\\'/g, "'")),
      ),
  );
}

/** Every document of schemas/<folder>. */
export function schemaDocuments<T>(root: string, folder: string): T[] {
  const dir = join(root, 'schemas', folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T);
}

/** The texts a translating function passes through its translator. */
export function translatedTexts(translate: (t: Translate) => unknown): string[] {
  const texts: string[] = [];
  translate((text) => {
    texts.push(text);
    return text;
  });
  return texts;
}
