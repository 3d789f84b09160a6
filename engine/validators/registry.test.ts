import { describe, expect, it } from 'vitest';
import { parseVersionComparison, validators } from './registry';

describe('registered validators', () => {
  it('ipv4 and domain', () => {
    expect(validators.ipv4('300.1.1.1', 'IP address', 'ip')).toBe('The ip address must be a valid IPv4 address.');
    expect(validators.ipv4('1.2.3.4', 'IP', 'ip')).toBeUndefined();
    expect(validators.domain('bad-.com', 'Domain', 'd')).toBe('The domain must be a valid domain name.');
  });

  it('monitoring periods are bounded 60 to 31536000 seconds', () => {
    expect(validators.monitoringPeriod(60, 'Period', 'p')).toBeUndefined();
    expect(validators.monitoringPeriod(31536000, 'Period', 'p')).toBeUndefined();
    expect(validators.monitoringPeriod(59, 'Period', 'p')).toBe('The period must be at least 60.');
    expect(validators.monitoringPeriod(31536001, 'Period', 'p')).toBe('The period may not be greater than 31536000.');
  });

  it('firmware version extraction needs three numeric groups', () => {
    expect(validators.firmwareVersion('RUT9XX_R_00.06.05.3', 'Firmware', 'f')).toBeUndefined();
    expect(validators.firmwareVersion('RUT9XX_R_06.05', 'Firmware', 'f')).toBe('The firmware format is invalid.');
  });

  it('version comparison supports > >= = <= < != only', () => {
    for (const op of ['>', '>=', '=', '<=', '<', '!='])
      expect(parseVersionComparison(`${op} 07.06`)?.operator).toBe(op);
    for (const bad of ['== 7.1', '=> 7.1', '~ 7.1', '<> 7.1', '7.1', '>= x'])
      expect(parseVersionComparison(bad)).toBeUndefined();
    expect(validators.versionComparison('=> 1.0', 'Version', 'v')).toBe('The version format is invalid.');
  });

  it('base64url length check', () => {
    expect(validators.base64url('YWJjZ', 'Token', 't')).toBe('The token format is invalid.');
  });
});
