import { describe, expect, it } from 'vitest';
import { connectable, connectPath } from './connect';

describe('connect', () => {
  it('opens the rms-connect page of the protocol', () => {
    expect(connectPath({ id: 7, protocol: 'ssh' })).toBe('/rms-connect/ssh?access_id=7');
    expect(connectPath({ id: 8, protocol: 'RDP' })).toBe('/rms-connect/desktop?access_id=8');
    expect(connectPath({ id: 9, protocol: 'vnc' })).toBe('/rms-connect/desktop?access_id=9');
    expect(connectPath({ id: 1, protocol: 'telnet' })).toBe('/rms-connect/telnet?access_id=1');
    expect(connectPath({ id: 2, protocol: 'sftp' })).toBe('/rms-connect/sftp?access_id=2');
  });

  it('has no page for web protocols or unknown ones', () => {
    for (const protocol of ['http', 'https', undefined, 'gopher'])
      expect(connectPath({ id: 1, protocol })).toBeUndefined();
  });

  it('opens web entries through the WebUI proxy, not unknown protocols', () => {
    for (const protocol of ['http', 'HTTPS', 'ssh', 'vnc']) expect(connectable({ id: 1, protocol })).toBe(true);
    for (const protocol of [undefined, 'gopher']) expect(connectable({ id: 1, protocol })).toBe(false);
  });
});
