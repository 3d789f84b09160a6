import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ssh2, { type FileEntryWithStats, type SFTPWrapper, type Stats } from 'ssh2';
import { FILE_NAME_WARNING, fileNameAllowed, maxFileSizeMessage } from '../../engine/fields/file';
import { MAX_FILE_SIZE } from '../../engine/constants';
import { contentDisposition } from '../http/attachment';
import { ApiError, invalid, notFound, ok } from '../http/envelope';
import { readMultipart, type UploadedFile } from '../http/multipart';
import { refused } from './links-route';
import { isRefusal, linkFor, recordUse, type Link } from './links';
import { SftpSessions } from './sftp-session';

// Files over SFTP for the rms-connect/sftp page, on the console's origin under
// /remote/sftp/{key}: the key names the session and so the entry (the device's
// address and account, never the browser's); SFTP keys need a signed-in user
// with view_device_remote_access over the entry's company. Every operation
// that succeeds is a row of the session's operations log, and its bytes count
// into the session's input (to the device) and output (from it).
//
//   POST   …/account  {username, password}   when the entry stores no account
//   GET    …/list?path=/dir                   the folder's entries, folders first
//   GET    …/file?path=/dir/name              the file as a download (at most 80 MB)
//   POST   …/file     multipart: path (folder), file   (at most 80 MB, an allowed name)
//   POST   …/folders  {path, name}            a new folder in path
//   DELETE …/entries?path=                    a file or an empty folder

const { STATUS_CODE } = ssh2.utils.sftp;
const PATH = { type: 'string', minLength: 1, maxLength: 1024 } as const;
const PATH_QUERY = { type: 'object', required: ['path'], properties: { path: PATH } } as const;

/** A client path as the device's absolute POSIX path (`..` stops at "/"); 422 on a control character. */
export function devicePath(value: string, source = 'path'): string {
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) throw invalid([source, 'The path is invalid.']);
  return path.posix.resolve('/', value);
}

function sftpError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === STATUS_CODE.NO_SUCH_FILE) return notFound('No such file or folder.');
  if (code === STATUS_CODE.PERMISSION_DENIED) return ApiError.of(403, 'FORBIDDEN', 'The device refused the operation.');
  if (typeof code === 'number') return ApiError.of(422, 'DEVICE_REFUSED', 'The device could not do it.');
  return ApiError.of(502, 'DEVICE_UNREACHABLE', (error as Error).message || 'Could not connect to the device.');
}

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

const isFolder = (stats: Pick<Stats, 'mode'>) => (stats.mode & 0o170000) === 0o040000;

/** The most entries a folder delete removes (its contents, at every depth): a larger tree is refused whole. */
const MAX_DELETE_ENTRIES = 1000;

/**
 * The entries under a folder, deepest first (each folder after what it holds), so that removing them in order
 * empties every folder before its own turn. Links are removed, never followed. Refuses a tree over
 * MAX_DELETE_ENTRIES before anything is removed.
 */
async function treeOf(sftp: SFTPWrapper, folder: string): Promise<{ path: string; folder: boolean }[]> {
  const out: { path: string; folder: boolean }[] = [];
  const walk = async (dir: string) => {
    const inside = await call<FileEntryWithStats[]>((done) => sftp.readdir(dir, done));
    for (const entry of inside) {
      if (entry.filename === '.' || entry.filename === '..') continue;
      if (out.length >= MAX_DELETE_ENTRIES)
        throw invalid([
          'path',
          `The folder holds more than ${MAX_DELETE_ENTRIES} entries: delete what is inside it first.`,
        ]);
      const child = path.posix.join(dir, entry.filename);
      if (isFolder(entry.attrs)) await walk(child);
      out.push({ path: child, folder: isFolder(entry.attrs) });
    }
  };
  await walk(folder);
  return out;
}

function entryOf(entry: FileEntryWithStats) {
  return {
    name: entry.filename,
    type: isFolder(entry.attrs) ? ('folder' as const) : ('file' as const),
    size: entry.attrs.size,
    modified: entry.attrs.mtime ? new Date(entry.attrs.mtime * 1000).toISOString() : null,
  };
}

function assertName(name: unknown, source: string): string {
  if (typeof name !== 'string' || !fileNameAllowed(name)) throw invalid([source, FILE_NAME_WARNING]);
  return name;
}

export default async function remoteSftp(app: FastifyInstance) {
  const { ctx } = app;
  const sessions = new SftpSessions(ctx);
  app.addHook('onClose', async () => sessions.close());

  async function linkOf(request: FastifyRequest): Promise<Link> {
    const link = await linkFor(ctx, (request.params as { key: string }).key, request.actor ?? null, ['sftp']);
    if (isRefusal(link)) throw refused(link);
    return link;
  }

  /** Runs an operation on the session's connection and logs it when it succeeds. */
  async function operate<T>(
    request: FastifyRequest,
    operation: string,
    target: string,
    work: (sftp: SFTPWrapper) => Promise<{ value: T; input?: number; output?: number }>,
  ): Promise<T> {
    const link = await linkOf(request);
    const signIn = request.actor?.sessionId ?? null;
    if (!sessions.has(link, signIn))
      throw ApiError.of(409, 'CREDENTIALS_REQUIRED', 'Enter the device credentials to connect.');
    const result = await sessions.use(link, signIn, work).catch((error: unknown) => {
      throw sftpError(error);
    });
    const bytes = { input: result.input ?? 0, output: result.output ?? 0 };
    await recordUse(ctx, link.historyId, request.actor?.user.id ?? null, `sftp ${operation}`, target, bytes);
    return result.value;
  }

  app.post(
    '/remote/sftp/:key/account',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['username'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 128 },
            password: { type: 'string', maxLength: 256, default: '' },
          },
        },
      },
    },
    async (request) => {
      const link = await linkOf(request);
      const account = request.body as { username: string; password: string };
      await sessions.start(link, request.actor?.sessionId ?? null, account).catch((error: unknown) => {
        throw sftpError(error);
      });
      return ok({ connected: true });
    },
  );

  app.get('/remote/sftp/:key/list', { schema: { querystring: PATH_QUERY } }, async (request) => {
    const folder = devicePath((request.query as { path: string }).path);
    const entries = await operate(request, 'list', folder, async (sftp) => {
      const found = await call<FileEntryWithStats[]>((done) => sftp.readdir(folder, done));
      const value = found
        .filter((entry) => entry.filename !== '.' && entry.filename !== '..')
        .map(entryOf)
        .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'folder' ? -1 : 1));
      return { value };
    });
    return ok({ path: folder, entries });
  });

  app.get('/remote/sftp/:key/file', { schema: { querystring: PATH_QUERY } }, async (request, reply) => {
    const file = devicePath((request.query as { path: string }).path);
    const content = await operate(request, 'download', file, async (sftp) => {
      const stats = await call<Stats>((done) => sftp.stat(file, done));
      if (isFolder(stats)) throw invalid(['path', 'A folder cannot be downloaded.']);
      if (stats.size > MAX_FILE_SIZE) throw invalid(['path', maxFileSizeMessage()]);
      const value = await call<Buffer>((done) => sftp.readFile(file, done));
      return { value, output: value.length };
    });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(path.posix.basename(file)))
      .header('cache-control', 'no-store')
      .send(content);
  });

  app.post('/remote/sftp/:key/file', async (request, reply) => {
    await linkOf(request);
    const body = await readMultipart(request);
    const upload = body.file as UploadedFile | undefined;
    if (!upload || typeof upload !== 'object' || !('buffer' in upload))
      throw invalid(['file', 'The file field is required.']);
    const name = assertName(upload.name, 'file');
    const target = path.posix.join(devicePath(typeof body.path === 'string' ? body.path : '/'), name);
    await operate(request, 'upload', target, async (sftp) => {
      await call((done) => sftp.writeFile(target, upload.buffer, done));
      return { value: null, input: upload.size };
    });
    return reply.status(201).send(ok({ path: target, size: upload.size }));
  });

  app.post(
    '/remote/sftp/:key/folders',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['path', 'name'],
          properties: { path: PATH, name: { type: 'string', minLength: 1, maxLength: 255 } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { path: string; name: string };
      const target = path.posix.join(devicePath(body.path), assertName(body.name, 'name'));
      await operate(request, 'mkdir', target, async (sftp) => {
        await call((done) => sftp.mkdir(target, done));
        return { value: null };
      });
      return reply.status(201).send(ok({ path: target }));
    },
  );

  app.delete('/remote/sftp/:key/entries', { schema: { querystring: PATH_QUERY } }, async (request) => {
    const target = devicePath((request.query as { path: string }).path);
    if (target === '/') throw invalid(['path', 'The root folder cannot be deleted.']);
    await operate(request, 'delete', target, async (sftp) => {
      const stats = await call<Stats>((done) => sftp.lstat(target, done));
      if (isFolder(stats)) {
        // A folder goes with everything in it (the console asks so first).
        for (const entry of await treeOf(sftp, target)) {
          await call((done) => (entry.folder ? sftp.rmdir(entry.path, done) : sftp.unlink(entry.path, done)));
        }
        await call((done) => sftp.rmdir(target, done));
      } else await call((done) => sftp.unlink(target, done));
      return { value: null };
    });
    return ok({ path: target });
  });
}
