import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptsFile,
  checkFile,
  FILE_NAME_WARNING,
  fileNameAllowed,
  FORBIDDEN_FILE_NAME_CHARS,
  MAX_FILE_NAME_BYTES,
  maxFileSizeMessage,
} from './file';

describe('file input', () => {
  it('maximum size defaults to 83886080 bytes (80 MB) with its two messages', () => {
    expect(maxFileSizeMessage()).toBe('Maximum file size is 80 MB');
    expect(maxFileSizeMessage(83886080, true)).toBe('Maximum file size is 80MB');
    expect(checkFile({ name: 'a.bin', size: 83886081 }).error).toBe('Maximum file size is 80 MB');
    expect(checkFile({ name: 'a.bin', size: 83886080 }).error).toBeUndefined();
    expect(checkFile({ name: 'a.bin', size: 2048 }, { maxSize: 1024 }).error).toBe('Maximum file size is 1 KB');
  });

  it('forbidden file-name characters ` \\ / : * ? " < > | \' give the warning', () => {
    expect(FORBIDDEN_FILE_NAME_CHARS.join('')).toBe('`\\/:*?"<>|\'');
    for (const c of FORBIDDEN_FILE_NAME_CHARS)
      expect(checkFile({ name: `a${c}b.json`, size: 1 }).warning).toBe(FILE_NAME_WARNING);
    expect(FILE_NAME_WARNING).toBe('File name contains forbidden symbols');
    expect(checkFile({ name: 'ok-name.json', size: 1 }).warning).toBeUndefined();
  });

  it('accept lists by extension and type', () => {
    expect(acceptsFile({ name: 'spec.JSON', size: 1 }, '.json')).toBe(true);
    expect(acceptsFile({ name: 'spec.txt', size: 1 }, '.json')).toBe(false);
    expect(acceptsFile({ name: 'x', size: 1, type: 'text/csv' }, 'text/csv')).toBe(true);
    expect(acceptsFile({ name: 'x', size: 1, type: 'image/png' }, 'image/*')).toBe(true);
    expect(checkFile({ name: 'a.txt', size: 1 }, { accept: '.json', label: 'File' }).error).toBe(
      'The file must be a file of type: json.',
    );
  });
});

describe('file names (shared with the server)', () => {
  it('allows ordinary names and refuses empty, path, control, dot, reserved, server-configuration and over-long ones', () => {
    for (const name of [
      'router-config.json',
      'RUTX_R_00.07.13.bin',
      'con-fig.json',
      'конфиг.json',
      'a.b.c',
      'my.htaccess',
      'web.config.json',
    ])
      expect(fileNameAllowed(name), name).toBe(true);
    for (const name of [
      '',
      '  ',
      '.',
      '..',
      '../x',
      'a\\b',
      'a\u0000b',
      'a\nb',
      'x.',
      'x ',
      'con',
      'NUL.txt',
      'com1',
      'lpt9.log',
      '.htaccess',
      '.HTPASSWD',
      '.user.ini',
      '.env',
      ' .htaccess',
      'web.config',
      'Web.Config',
      'php.ini',
      'httpd.conf',
      'crossdomain.xml',
    ])
      expect(fileNameAllowed(name), JSON.stringify(name)).toBe(false);
    expect(fileNameAllowed('x'.repeat(MAX_FILE_NAME_BYTES))).toBe(true);
    expect(fileNameAllowed('x'.repeat(MAX_FILE_NAME_BYTES + 1))).toBe(false);
    expect(fileNameAllowed('ж'.repeat(128))).toBe(false);
  });

  it('warns about every name the server refuses (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        expect(checkFile({ name, size: 1 }).warning === FILE_NAME_WARNING).toBe(!fileNameAllowed(name));
      }),
    );
  });
});
