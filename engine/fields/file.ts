// File input rules (forms spec §5): default limit 83886080 bytes and its two messages,
// the forbidden file-name characters and their warning, the accept list. The
// file-name rule is shared with the server, which refuses what the console warns about.
import { MAX_FILE_SIZE } from '../constants';
import { formatBytes } from '../format/bytes';
import { t } from '../i18n/i18n';
import { FIELD_MESSAGES } from './messages';

/** A browser File or the server's description of an uploaded part. */
export interface FileLike {
  name: string;
  size: number;
  type?: string;
}

export const FORBIDDEN_FILE_NAME_CHARS: readonly string[] = ['`', '\\', '/', ':', '*', '?', '"', '<', '>', '|', "'"];
/** The warning's English text (the server's refusal of such a name says it too). */
export const FILE_NAME_WARNING = FIELD_MESSAGES.fileName;

export function isFileLike(v: unknown): v is FileLike {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as FileLike).name === 'string' &&
    typeof (v as FileLike).size === 'number'
  );
}

/** 'Maximum file size is {size}', or 'Maximum file size is 80MB' with warnings enabled. */
export function maxFileSizeMessage(maxSize: number = MAX_FILE_SIZE, warnings = false): string {
  return warnings
    ? t(FIELD_MESSAGES.maxFileSizeWarnings)
    : t(FIELD_MESSAGES.maxFileSize, { size: formatBytes(maxSize) });
}

function hasForbiddenFileNameChars(name: string): boolean {
  return FORBIDDEN_FILE_NAME_CHARS.some((c) => name.includes(c));
}

/**
 * Longest file name in UTF-8 bytes. The spec names no limit; 255 bytes is the
 * name limit of common file systems (NAME_MAX), so a stored file can always
 * be saved under its name.
 */
export const MAX_FILE_NAME_BYTES = 255;

/** Device names Windows reserves, alone or with an extension (`con`, `nul.txt`, `com1`, `lpt9.log`). */
const RESERVED_FILE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Files a web server reads as its own configuration where it finds them (IIS's
 * web.config, PHP's php.ini, Apache's and nginx's configuration, Flash and
 * Silverlight cross-domain policies); the dot-files (.htaccess, .htpasswd,
 * .user.ini, .env) are refused by their leading dot.
 */
const SERVER_CONFIG_NAMES =
  /^(web\.config|php\.ini|php5\.ini|httpd\.conf|nginx\.conf|lighttpd\.conf|crossdomain\.xml|clientaccesspolicy\.xml)$/i;

/**
 * Whether a file name can be stored and handed back safely: not empty, no
 * forbidden symbol (which includes both path separators), no control
 * character, no leading dot (a hidden or server-configuration file), no
 * trailing dot or space, not a reserved device name nor a server's
 * configuration file, at most 255 UTF-8 bytes.
 */
export function fileNameAllowed(name: string): boolean {
  return (
    name.trim().length > 0 &&
    !hasForbiddenFileNameChars(name) &&
    ![...name].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f') &&
    !name.trim().startsWith('.') &&
    !/[. ]$/.test(name) &&
    !RESERVED_FILE_NAME.test(name.trim()) &&
    !SERVER_CONFIG_NAMES.test(name.trim()) &&
    new TextEncoder().encode(name).length <= MAX_FILE_NAME_BYTES
  );
}

/** Whether the file matches an accept list such as ".json", "text/csv" or "image/*". */
export function acceptsFile(file: FileLike, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => {
      if (a.startsWith('.')) return name.endsWith(a);
      if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
      return type === a;
    });
}

export interface FileCheck {
  error?: string;
  warning?: string;
}

/** Checks a chosen file: size limit (error), accept list (error), a name the server refuses (warning). */
export function checkFile(
  file: FileLike,
  opts: { maxSize?: number; accept?: string; warnings?: boolean; label?: string } = {},
): FileCheck {
  const maxSize = opts.maxSize ?? MAX_FILE_SIZE;
  const result: FileCheck = {};
  if (!fileNameAllowed(file.name)) result.warning = t(FILE_NAME_WARNING);
  if (file.size > maxSize) result.error = maxFileSizeMessage(maxSize, opts.warnings);
  else if (!acceptsFile(file, opts.accept)) {
    const types = (opts.accept ?? '').replace(/\./g, '').replace(/\s*,\s*/g, ', ');
    result.error = t(FIELD_MESSAGES.fileType, { name: (opts.label ?? t('file')).toLowerCase(), types });
  }
  return result;
}
