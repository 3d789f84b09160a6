import type { SharedRedis } from '../cluster/redis';

// The device cookies of WebUI proxy sessions (./webui-proxy.ts): one jar per
// session, its cookies never handed to the browser. With Redis the jars are
// shared by every instance (a hash per session, expiring with it), so a
// device login made through one instance holds on the next request another
// instance answers; without Redis they are kept in the instance's memory.
// Each answer's cookie changes are applied one by one, so two requests of a
// session answered at once lose neither's cookies.

export type Jar = Map<string, string>;

export interface CookieChanges {
  set: [name: string, value: string][];
  gone: string[];
}

/** What a device's Set-Cookie headers change: cookies set, and cookies removed (emptied or expired). */
export function cookieChanges(setCookie: string[] | undefined): CookieChanges {
  const changes: CookieChanges = { set: [], gone: [] };
  for (const line of setCookie ?? []) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const gone = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) || value === '';
    if (gone) changes.gone.push(name);
    else changes.set.push([name, value]);
  }
  return changes;
}

function applyTo(jar: Jar, { set, gone }: CookieChanges) {
  for (const [name, value] of set) {
    jar.delete(name);
    jar.set(name, value);
  }
  for (const name of gone) jar.delete(name);
}

export interface JarStore {
  /** The session's cookies (none yet: empty). */
  load(historyId: number): Promise<Jar>;
  /** Applies an answer's cookie changes, kept until the session's expiry. */
  apply(historyId: number, changes: CookieChanges, expiresAt: string): Promise<void>;
  /** Forgets a session's cookies (it ended). */
  drop(historyId: number): Promise<void>;
}

export function memoryJars(): JarStore {
  const jars = new Map<number, Jar>();
  return {
    load: async (id) => new Map(jars.get(id)),
    apply: async (id, changes) => {
      const jar = jars.get(id) ?? new Map();
      applyTo(jar, changes);
      jars.set(id, jar);
    },
    drop: async (id) => void jars.delete(id),
  };
}

export function redisJars(redis: SharedRedis): JarStore {
  const key = (id: number) => `${redis.prefix}webui-jar:${id}`;
  return {
    load: async (id) => new Map(Object.entries(await redis.client.hgetall(key(id)))),
    apply: async (id, { set, gone }, expiresAt) => {
      if (!set.length && !gone.length) return;
      const batch = redis.client.multi();
      if (gone.length) batch.hdel(key(id), ...gone);
      if (set.length) batch.hset(key(id), Object.fromEntries(set));
      batch.pexpireat(key(id), Date.parse(expiresAt));
      await batch.exec();
    },
    drop: async (id) => void (await redis.client.del(key(id))),
  };
}
