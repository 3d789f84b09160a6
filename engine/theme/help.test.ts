import { describe, expect, it } from 'vitest';
import { HELP_ROUTE_NAMES, helpUrl } from './help';

describe('help links (forms spec §2)', () => {
  it('exist for the 21 route names of the spec', () => {
    expect(HELP_ROUTE_NAMES).toHaveLength(21);
    expect(new Set(HELP_ROUTE_NAMES).size).toBe(21);
  });

  it('name exactly the route names the spec lists, each with a help page', () => {
    // Spec 001 §2, verbatim and in its order.
    const spec =
      'management.devices, task-manager, multiconfig, hotspot.wifi, reports, remote.access, remote.info, ' +
      'service.connect-history, vpn.hubs, vpn-hub, vpn.quick-connect, vpn-connect, users.companies, company.info, ' +
      'users.table, users.invitations, tags.main, management.files, users.roles, administration.resources, ' +
      'dynamic.parameters';
    const names = spec.split(', ');
    expect(HELP_ROUTE_NAMES).toEqual(names);
    for (const name of names) expect(helpUrl({ helpBaseUrl: 'https://h' }, name)).toBe(`https://h/${name}`);
  });

  it("resolve under the theme's help site; none without a site or for other routes", () => {
    const theme = { helpBaseUrl: 'https://help.example/console/' };
    expect(helpUrl(theme, 'management.devices')).toBe('https://help.example/console/management.devices');
    expect(helpUrl(theme, 'vpn-hub')).toBe('https://help.example/console/vpn-hub');
    expect(helpUrl(theme, 'statistics')).toBeUndefined();
    expect(helpUrl({}, 'management.devices')).toBeUndefined();
  });
});
