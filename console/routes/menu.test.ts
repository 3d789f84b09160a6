import { describe, expect, it } from 'vitest';
import menuSchema from '../../schemas/menu.schema.json';
import { menu } from './menu';

// The menus document's groups (schemas/menu.schema.json, what the server accepts on publish) are the side
// menu's own: an entry placed from the studio always has a group to go under.
describe('side menu groups', () => {
  it('are the groups a menus document entry may name', () => {
    expect(menu.map((group) => group.name)).toEqual(menuSchema.$defs.menuAddition.properties.group.enum);
  });
});
