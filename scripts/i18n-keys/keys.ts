import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { menu } from '../../console/routes/menu';
import { routeIndex } from '../../console/routes/resolve';
import { ANNOUNCEMENT_TITLES, OTHER_ANNOUNCEMENT_TITLE } from '../../engine/domain/announcements';
import { SEARCH_SOURCES, searchMessages } from '../../engine/search/search';
import { USER_LOAD_MESSAGES } from '../../engine/session/load-user';
import defaultTheme from '../../console/theme/default.json';

// Node-side helper for the catalogue test: every interface string of the shell.
// Literal `t('…')` calls in the shell's folders plus the strings the shell
// translates from data (route titles, menu labels, search sources, messages,
// announcement titles).

const SHELL_DIRS = ['app', 'layout', 'header', 'search', 'startup', 'login', 'connect'];
const CALL = /\bt\(\s*'((?:[^'\\]|\\.)+)'/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function literalKeys(consoleDir: string): string[] {
  const keys = new Set<string>();
  for (const dir of SHELL_DIRS) {
    for (const file of files(join(consoleDir, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(CALL)) keys.add(match[1].replace(/\\'/g, "'"));
    }
  }
  return [...keys];
}

export function dataKeys(): string[] {
  return [
    ...[...routeIndex.values()].map((entry) => entry.route.title),
    ...menu.flatMap((group) => [group.name, ...group.entries.map((entry) => entry.label)]),
    ...SEARCH_SOURCES.map((source) => source.label),
    ...Object.values(searchMessages),
    ...Object.values(USER_LOAD_MESSAGES),
    ...Object.values(ANNOUNCEMENT_TITLES),
    OTHER_ANNOUNCEMENT_TITLE,
    // The default theme's own wording is interface text (a white-label theme brings its own).
    defaultTheme.buyNotice,
  ];
}

export function shellKeys(consoleDir: string): string[] {
  return [...new Set([...literalKeys(consoleDir), ...dataKeys()])].sort();
}
