import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README is what a newcomer reads first: short, and every command in it
// works. Each command (a line of a shell block, or inline code starting with a
// command) is run by CI (`.ci/run`, and the npm scripts it runs, followed
// through `npm run`) or by the test named for it here; its links lead to files.

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** Commands CI does not run, and the test that runs each (it must name the command). */
const RUN_BY_TEST: Record<string, { test: string; names: string }> = {
  'npm run serve': { test: 'server/test/production-deps.test.ts', names: 'scripts.serve' },
  // npm start's launcher (the server, and the fleet simulator with FLEET_SIMULATE).
  'NODE_ENV=production tsx scripts/start-with-fleet.ts': {
    test: 'server/test/fleet-simulate.test.ts',
    names: "spawnScript('scripts/start-with-fleet.ts'",
  },
  'curl http://localhost:8080/': { test: 'server/http/spa.test.ts', names: "get('/'" },
};

const COMMAND = /^(npm|npx|bash|curl|node)\s/;

function readmeCommands(text: string): string[] {
  const commands: string[] = [];
  let fence: 'shell' | 'other' | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      fence = fence ? undefined : /^```(sh|bash)\s*$/.test(line) ? 'shell' : 'other';
      continue;
    }
    if (fence === 'other') continue;
    if (fence === 'shell') {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command) commands.push(command);
      continue;
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) if (COMMAND.test(match[1])) commands.push(match[1]);
  }
  return commands.flatMap((command) => command.split('&&').map((part) => part.trim()));
}

/** The npm script a command names (`npm test`, `npm start`, `npm run x`), or undefined. */
function scriptOf(command: string): string | undefined {
  const match = /^npm (?:run (\S+)|(test|start))$/.exec(command);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Every command CI runs: `.ci/run`'s lines, and the npm scripts they run, followed through `npm run`. */
function ciCommands(): Set<string> {
  const seen = new Set<string>(['bash .ci/run']);
  const queue = read('.ci/run')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .flatMap((line) => line.split('&&').map((part) => part.trim().replace(/\s--[\w-]+/g, '')));
  while (queue.length) {
    const command = queue.pop()!;
    if (seen.has(command)) continue;
    seen.add(command);
    const script = scriptOf(command);
    if (script && scripts[script]) queue.push(...scripts[script].split('&&').map((part) => part.trim()));
  }
  return seen;
}

describe('README', () => {
  it('is short enough to read in five minutes', () => {
    expect(readme.split('\n').length).toBeLessThan(250);
  });

  it('shows the two commands, the accounts and where things are', () => {
    expect(readmeCommands(readme)).toEqual(expect.arrayContaining(['npm ci', 'npm start', 'npm test']));
    expect(readme).toContain('Demo-Password-1');
    for (const folder of ['schemas/', 'engine/', 'renderer/', 'console/', 'server/', 'docs/']) {
      expect(readme).toContain(`| \`${folder}\` |`);
    }
  });

  it('has only commands that CI or a named test runs', () => {
    const ci = ciCommands();
    const commands = readmeCommands(readme);
    expect(commands.length).toBeGreaterThan(3);
    for (const command of commands) {
      const script = scriptOf(command);
      if (script) expect([command, scripts[script]]).toEqual([command, expect.any(String)]);
      const expansion = script ? scripts[script].split('&&').map((part) => part.trim()) : [command];
      for (const part of expansion) {
        const byTest = RUN_BY_TEST[part];
        if (byTest) {
          expect([part, read(byTest.test).includes(byTest.names)]).toEqual([part, true]);
        } else {
          expect([part, ci.has(part)]).toEqual([part, true]);
        }
      }
    }
  });

  it('links to files that exist', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:)[^)#]+)(#[^)]*)?\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect([link, existsSync(new URL(link, root))]).toEqual([link, true]);
  });
});

describe('docs/', () => {
  it('link to files that exist', () => {
    for (const name of readdirSync(new URL('docs/', root)).filter((file) => file.endsWith('.md'))) {
      const text = read(`docs/${name}`);
      for (const match of text.matchAll(/\]\(((?!https?:|#)[^)#]+)(#[^)]*)?\)/g)) {
        expect([name, match[1], existsSync(new URL(`docs/${match[1]}`, root))]).toEqual([name, match[1], true]);
      }
    }
  });

  it('hold the architecture the layering rules cite', () => {
    const config = read('eslint.config.js');
    expect(config).not.toContain('DESIGN.md');
    expect(config.match(/\(docs\/architecture\.md\)/g)?.length).toBeGreaterThanOrEqual(5);
    expect(read('docs/architecture.md')).toContain('## Layers');
  });
});
