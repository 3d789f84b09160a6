import { describe, expect, it } from 'vitest';
import { HELP_ROUTE_NAMES, helpUrl } from './help';

describe('help links (forms spec §2)', () => {
  it('exist for the 21 route names of the spec', () => {
    expect(HELP_ROUTE_NAMES).toHaveLength(21);
    expect(new Set(HELP_ROUTE_NAMES).size).toBe(21);
  });

  it("resolve under the theme's help site; none without a site or for other routes", () => {
    const theme = { helpBaseUrl: 'https://help.example/console/' };
    expect(helpUrl(theme, 'management.devices')).toBe('https://help.example/console/management.devices');
    expect(helpUrl(theme, 'vpn-hub')).toBe('https://help.example/console/vpn-hub');
    expect(helpUrl(theme, 'statistics')).toBeUndefined();
    expect(helpUrl({}, 'management.devices')).toBeUndefined();
  });
});
