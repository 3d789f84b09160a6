import { describe, expect, it } from 'vitest';
import { headedByItemHeader, itemRouteChain, type ItemRouteNode } from './item-route';
import { indexRoutes, type RouteNode } from './route-index';

interface Route extends RouteNode<Route>, ItemRouteNode {}

const routes: Route[] = [
  { name: 'devices', path: '/devices', title: 'Devices' },
  {
    name: 'device',
    path: '/devices/:id',
    title: 'Device',
    parent: 'devices',
    entity: '/devices/:id',
    header: true,
    tabs: [{ name: 'device.info', path: '/devices/:id/info', title: 'Info' }],
  },
  { name: 'hubs', path: '/hubs', title: 'Hubs' },
  {
    name: 'hub',
    path: '/hubs/:id',
    title: 'Hub',
    parent: 'hubs',
    entity: '/vpn/hubs/:id',
    tabs: [{ name: 'hub.clients', path: '/hubs/:id/clients', title: 'Clients' }],
  },
];
const index = indexRoutes(routes);
/** The names in a route's item chain (a tab's container may come twice: as its crumb and as its nest). */
const chainOf = (name: string) => {
  const chain = itemRouteChain(index.get(name)!);
  return chain && [...new Set(chain.map((route) => route.name))];
};

describe('item routes', () => {
  it('chain the ancestors and the route when one of them shows an item', () => {
    expect(chainOf('hub.clients')).toEqual(['hubs', 'hub', 'hub.clients']);
    expect(chainOf('hub')).toEqual(['hubs', 'hub']);
    expect(chainOf('device.info')).toEqual(['devices', 'device', 'device.info']);
  });

  it('give no chain to a route outside any item', () => {
    expect(chainOf('devices')).toBeUndefined();
    expect(chainOf('hubs')).toBeUndefined();
  });

  it('are headed by the item header only where the item route has one', () => {
    expect(headedByItemHeader(itemRouteChain(index.get('device.info')!)!)).toBe(true);
    expect(headedByItemHeader(itemRouteChain(index.get('hub.clients')!)!)).toBe(false);
    expect(headedByItemHeader([])).toBe(false);
  });
});
