import { describe, expect, it } from 'vitest';
import { HELP_ROUTE_NAMES, helpUrl } from '../../engine/theme/help';
import { routeIndex } from '../routes/resolve';
import defaultTheme from './default.json';

describe('help links in the console', () => {
  it('every help route name is a route (or tab) of the console, and the default theme links each one', () => {
    for (const name of HELP_ROUTE_NAMES) {
      expect(routeIndex.has(name), name).toBe(true);
      expect(helpUrl(defaultTheme, name)).toMatch(/^https:\/\//);
    }
  });
});
