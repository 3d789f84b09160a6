import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import ssh2, { type SFTPWrapper } from 'ssh2';

// The device's SFTP subsystem, rooted in a folder of its own: every path a
// client names is resolved as a POSIX path under "/" (so `..` stops at the
// root) and mapped into the folder; symbolic links are neither followed out
// of it nor created.

const { STATUS_CODE } = ssh2.utils.sftp;
const { OK, EOF, NO_SUCH_FILE, FAILURE, PERMISSION_DENIED, OP_UNSUPPORTED } = STATUS_CODE;

/** The host path of a client's path inside `root`: never outside it. */
export function insideRoot(root: string, clientPath: string): string {
  const virtual = path.posix.resolve('/', clientPath.replace(/\\/g, '/'));
  return path.join(root, ...virtual.split('/').filter(Boolean));
}

/** The client's view of a host path under `root`. */
const virtualOf = (root: string, hostPath: string) =>
  '/' + path.relative(root, hostPath).split(path.sep).filter(Boolean).join('/');

function attrsOf(stats: Stats) {
  return {
    mode: stats.mode,
    uid: 0,
    gid: 0,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

function longname(name: string, stats: Stats): string {
  const type = stats.isDirectory() ? 'd' : '-';
  const date = new Date(stats.mtimeMs).toISOString().slice(0, 16).replace('T', ' ');
  return `${type}rw-r--r--    1 root     root     ${String(stats.size).padStart(8)} ${date} ${name}`;
}

function codeOf(error: unknown): number {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EEXIST' || code === 'ENOTEMPTY') return PERMISSION_DENIED;
  return FAILURE;
}

type Open = { kind: 'file'; file: fs.FileHandle } | { kind: 'dir'; path: string; read: boolean };

export function serveSftp(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<number, Open>();
  let next = 1;
  const newHandle = (open: Open) => {
    const id = next++;
    handles.set(id, open);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const opened = (handle: Buffer) => (handle.length === 4 ? handles.get(handle.readUInt32BE(0)) : undefined);

  /** The host path, once its real location is checked to be inside the root (no link leads out). */
  async function resolve(clientPath: string): Promise<string> {
    const target = insideRoot(root, clientPath);
    const realRoot = await fs.realpath(root);
    let probe = target;
    for (;;) {
      const real = await fs.realpath(probe).catch(() => null);
      if (real !== null) {
        if (real !== realRoot && !real.startsWith(realRoot + path.sep))
          throw Object.assign(new Error(), { code: 'EACCES' });
        return target;
      }
      if (probe === root) return target;
      probe = path.dirname(probe);
    }
  }

  const answer = (reqId: number, work: () => Promise<void>) =>
    work().catch((error: unknown) => sftp.status(reqId, codeOf(error)));

  sftp.on('REALPATH', (reqId, clientPath) =>
    answer(reqId, async () => {
      const host = await resolve(clientPath);
      const name = virtualOf(root, host);
      sftp.name(reqId, [{ filename: name, longname: name, attrs: {} as never }]);
    }),
  );
  const stat = (reqId: number, clientPath: string) =>
    answer(reqId, async () => sftp.attrs(reqId, attrsOf(await fs.lstat(await resolve(clientPath)))));
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('FSTAT', (reqId, handle) =>
    answer(reqId, async () => {
      const open = opened(handle);
      if (open?.kind !== 'file') return sftp.status(reqId, FAILURE);
      sftp.attrs(reqId, attrsOf(await open.file.stat()));
    }),
  );
  sftp.on('OPENDIR', (reqId, clientPath) =>
    answer(reqId, async () => {
      const host = await resolve(clientPath);
      if (!(await fs.stat(host)).isDirectory()) return sftp.status(reqId, NO_SUCH_FILE);
      sftp.handle(reqId, newHandle({ kind: 'dir', path: host, read: false }));
    }),
  );
  sftp.on('READDIR', (reqId, handle) =>
    answer(reqId, async () => {
      const open = opened(handle);
      if (open?.kind !== 'dir') return sftp.status(reqId, FAILURE);
      if (open.read) return sftp.status(reqId, EOF);
      open.read = true;
      const names = await fs.readdir(open.path);
      const entries = await Promise.all(
        names.map(async (name) => {
          const stats = await fs.lstat(path.join(open.path, name));
          return { filename: name, longname: longname(name, stats), attrs: attrsOf(stats) };
        }),
      );
      sftp.name(reqId, entries);
    }),
  );
  sftp.on('OPEN', (reqId, clientPath, flags) =>
    answer(reqId, async () => {
      const mode = ssh2.utils.sftp.flagsToString(flags);
      if (!mode) return sftp.status(reqId, OP_UNSUPPORTED);
      const host = await resolve(clientPath);
      if (host === root) return sftp.status(reqId, PERMISSION_DENIED);
      const file = await fs.open(host, mode);
      sftp.handle(reqId, newHandle({ kind: 'file', file }));
    }),
  );
  sftp.on('READ', (reqId, handle, offset, length) =>
    answer(reqId, async () => {
      const open = opened(handle);
      if (open?.kind !== 'file') return sftp.status(reqId, FAILURE);
      const buffer = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await open.file.read(buffer, 0, buffer.length, offset);
      if (!bytesRead) return sftp.status(reqId, EOF);
      sftp.data(reqId, buffer.subarray(0, bytesRead));
    }),
  );
  sftp.on('WRITE', (reqId, handle, offset, data) =>
    answer(reqId, async () => {
      const open = opened(handle);
      if (open?.kind !== 'file') return sftp.status(reqId, FAILURE);
      await open.file.write(data, 0, data.length, offset);
      sftp.status(reqId, OK);
    }),
  );
  sftp.on('CLOSE', (reqId, handle) =>
    answer(reqId, async () => {
      const open = opened(handle);
      if (!open) return sftp.status(reqId, FAILURE);
      handles.delete(handle.readUInt32BE(0));
      if (open.kind === 'file') await open.file.close();
      sftp.status(reqId, OK);
    }),
  );
  sftp.on('MKDIR', (reqId, clientPath) =>
    answer(reqId, async () => (await fs.mkdir(await resolve(clientPath)), sftp.status(reqId, OK))),
  );
  sftp.on('RMDIR', (reqId, clientPath) =>
    answer(reqId, async () => {
      const host = await resolve(clientPath);
      if (host === root) return sftp.status(reqId, PERMISSION_DENIED);
      await fs.rmdir(host);
      sftp.status(reqId, OK);
    }),
  );
  sftp.on('REMOVE', (reqId, clientPath) =>
    answer(reqId, async () => {
      const host = await resolve(clientPath);
      if ((await fs.lstat(host)).isDirectory()) return sftp.status(reqId, FAILURE);
      await fs.unlink(host);
      sftp.status(reqId, OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      const [source, target] = [await resolve(from), await resolve(to)];
      if (source === root || target === root) return sftp.status(reqId, PERMISSION_DENIED);
      await fs.rename(source, target);
      sftp.status(reqId, OK);
    }),
  );
  // Attributes are not changed (the simulated files belong to root); links are not made.
  sftp.on('SETSTAT', (reqId) => sftp.status(reqId, OK));
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, OK));
  sftp.on('SYMLINK', (reqId) => sftp.status(reqId, OP_UNSUPPORTED));
  sftp.on('READLINK', (reqId) => sftp.status(reqId, OP_UNSUPPORTED));
  sftp.on('close', () => {
    for (const open of handles.values()) if (open.kind === 'file') void open.file.close().catch(() => undefined);
    handles.clear();
  });
}
