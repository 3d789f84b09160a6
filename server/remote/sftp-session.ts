import ssh2, { type SFTPWrapper } from 'ssh2';
import type { AppContext } from '../context';
import type { Link } from './links';

// The SFTP connections of this instance: one per RMS Connect session (and
// sign-in session that opened it), signed in with the entry's account (or
// the one the user typed, when the entry stores none), kept while it is used
// and closed after a minute idle. Like a relayed terminal it is tracked by
// the relay registry, so ending the session, its expiry or the user's
// sign-out closes it at once, on every instance.

const IDLE_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface Account {
  username: string;
  password: string;
}

interface Open {
  sftp: Promise<SFTPWrapper>;
  close(): void;
  idle: NodeJS.Timeout | null;
  /** Operations running now (the idle timer waits for them). */
  busy: number;
}

function connect(
  link: Link,
  account: Account,
  closed: () => void,
): { sftp: Promise<SFTPWrapper>; client: ssh2.Client } {
  const client = new ssh2.Client();
  const sftp = new Promise<SFTPWrapper>((resolve, reject) => {
    client.on('ready', () => client.sftp((error, wrapper) => (error ? reject(error) : resolve(wrapper))));
    client.on('error', (error: Error & { level?: string }) =>
      reject(
        new Error(
          error.level === 'client-authentication'
            ? 'The device refused the credentials.'
            : `Could not connect to the device (${error.message}).`,
        ),
      ),
    );
    client.on('close', () => {
      reject(new Error('The device closed the connection.'));
      closed();
    });
  });
  sftp.catch(() => undefined);
  client.connect({
    host: link.host,
    port: link.port,
    username: account.username,
    password: account.password,
    readyTimeout: CONNECT_TIMEOUT_MS,
    // The device's host key is not known to the console (as for the terminal).
    hostVerifier: () => true,
  });
  return { sftp, client };
}

export class SftpSessions {
  private readonly open = new Map<string, Open>();

  constructor(private readonly ctx: AppContext) {}

  private keyOf(link: Link, signIn: string | null) {
    return `${link.historyId}:${signIn ?? ''}`;
  }

  /** Whether the session has a connection (or its entry stores the account to make one). */
  has(link: Link, signIn: string | null): boolean {
    return this.open.has(this.keyOf(link, signIn)) || !!link.username;
  }

  /** Opens (again) the session's connection with a typed account. */
  async start(link: Link, signIn: string | null, account: Account): Promise<void> {
    this.drop(this.keyOf(link, signIn));
    await this.acquire(link, signIn, account).sftp;
  }

  private acquire(link: Link, signIn: string | null, typed?: Account): Open {
    const key = this.keyOf(link, signIn);
    const existing = this.open.get(key);
    if (existing) return existing;
    const account = typed ?? { username: link.username ?? '', password: link.password ?? '' };
    let untrack = () => undefined as void;
    const made = connect(link, account, () => {
      untrack();
      if (this.open.get(key) === entry) this.open.delete(key);
    });
    const entry: Open = { sftp: made.sftp, idle: null, busy: 0, close: () => made.client.end() };
    this.open.set(key, entry);
    untrack = this.ctx.remote.track({
      historyId: link.historyId,
      sessionId: signIn,
      expiresAt: link.expiresAt,
      end: () => this.drop(key),
    });
    made.sftp.catch(() => this.drop(key));
    return entry;
  }

  private drop(key: string) {
    const entry = this.open.get(key);
    if (!entry) return;
    this.open.delete(key);
    if (entry.idle) clearTimeout(entry.idle);
    entry.close();
  }

  /** Runs one operation on the session's connection; the connection closes after a minute without one. */
  async use<T>(link: Link, signIn: string | null, work: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
    const entry = this.acquire(link, signIn);
    if (entry.idle) clearTimeout(entry.idle);
    entry.busy += 1;
    try {
      return await work(await entry.sftp);
    } finally {
      entry.busy -= 1;
      if (!entry.busy && this.open.get(this.keyOf(link, signIn)) === entry) {
        entry.idle = setTimeout(() => this.drop(this.keyOf(link, signIn)), IDLE_MS);
        entry.idle.unref();
      }
    }
  }

  get size(): number {
    return this.open.size;
  }

  close(): void {
    for (const key of [...this.open.keys()]) this.drop(key);
  }
}
