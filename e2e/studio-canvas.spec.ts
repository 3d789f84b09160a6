import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { tabTo } from './support/keyboard';
import { publishNewForm } from './support/studio';

// The Design view's canvas in the browser (issue 28, items 2 and 7): built with the keyboard alone (a field
// added from the palette, selected, labelled in the property panel, moved with Move up / Move down, copied,
// removed, the form published; axe on the Design view), and with the pointer (a palette item dragged onto the
// canvas, a field moved by its handle and by the move buttons, a copy under a key of its own), the Source view
// showing the same document. Each test works on a form of its own.

type Field = { key: string; label?: string; type?: string };

const canvasOrder = (page: Page) =>
  page.getByRole('region', { name: 'Canvas' }).locator('.studio-canvas__select').allInnerTexts();

/** The fields as the Source view shows them. */
async function sourceFields(page: Page): Promise<Field[]> {
  await page.getByRole('tab', { name: 'Source' }).click();
  const text = await page.getByRole('textbox', { name: 'Document JSON' }).innerText();
  await page.getByRole('tab', { name: 'Design' }).click();
  return (JSON.parse(text) as { fields: Field[] }).fields;
}

test('the Design view with the keyboard alone: add, select, label, move, copy, remove, publish; axe-clean', async ({
  page,
}) => {
  // Tabbing through the studio's panels, one key at a time, takes longer than a pointer's clicks.
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.super, { path: null });
  const name = await publishNewForm(page, 'Keyboard survey');
  await page.goto(`/studio?kind=forms&name=${name}`);
  const canvas = page.getByRole('region', { name: 'Canvas' });
  const selectButton = (label: string) => canvas.getByRole('button', { name: new RegExp(`^${label} `) });
  await expect(selectButton('Name')).toBeVisible();
  const focused = (locator: Locator) => expect(locator).toBeFocused();

  // Select Name, then add a Number after it from the palette.
  await tabTo(page, selectButton('Name'));
  await page.keyboard.press('Enter');
  await expect(selectButton('Name')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Number', exact: true }), true);
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasOrder(page)).toEqual(['Name text', 'Number number', 'Description textarea']);

  // Its label, typed in the property panel: the key follows.
  const panel = page.locator('.studio-properties');
  const label = panel.getByLabel('Label', { exact: true }).first();
  await tabTo(page, label);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Mast height');
  await expect(panel.getByLabel('Key', { exact: true }).first()).toHaveValue('mast_height');

  // Move down, to the end: the focus stays with the field (on Move up, Move down being disabled there).
  const tools = canvas.locator('.studio-canvas__item[data-selected]');
  await tabTo(page, tools.getByRole('button', { name: 'Move down' }), true);
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasOrder(page)).toEqual(['Name text', 'Description textarea', 'Mast height number']);
  await focused(tools.getByRole('button', { name: 'Move up' }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasOrder(page)).toEqual(['Mast height number', 'Name text', 'Description textarea']);
  await focused(tools.getByRole('button', { name: 'Move down' }));

  // Copy: the copy is selected, under a key of its own, and keeps the focus on its Copy.
  await page.keyboard.press('Tab');
  await focused(tools.getByRole('button', { name: 'Copy' }));
  await page.keyboard.press('Enter');
  await expect
    .poll(() => canvasOrder(page))
    .toEqual(['Mast height number', 'Mast height number', 'Name text', 'Description textarea']);
  await expect(panel.getByLabel('Key', { exact: true }).first()).toHaveValue('mast_height_2');
  await focused(tools.getByRole('button', { name: 'Copy' }));

  // Remove the copy: the field before it is selected and takes the focus.
  await page.keyboard.press('Tab');
  await focused(tools.getByRole('button', { name: 'Remove' }));
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasOrder(page)).toEqual(['Mast height number', 'Name text', 'Description textarea']);
  await focused(canvas.locator('.studio-canvas__item[data-selected] .studio-canvas__select'));
  await expect(panel.getByLabel('Key', { exact: true }).first()).toHaveValue('mast_height');

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('.studio-document')
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/studio-keyboard.png' });

  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }), true);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Published version 2 of ${name}`)).toBeVisible();
  const published = (await (await api(page, 'GET', `/documents/forms/${name}`)).json()) as {
    data: { fields: Field[] };
  };
  expect(published.data.fields.map((f) => [f.key, f.label, f.type])).toEqual([
    ['mast_height', 'Mast height', 'number'],
    ['name', 'Name', 'text'],
    ['description', 'Description', 'textarea'],
  ]);
});

/**
 * Drags with the pointer from one element onto another (its middle, or its top edge: the fields make room as a
 * field is dragged over them), in steps (the canvas starts a drag after 6 px).
 */
async function drag(page: Page, from: Locator, to: Locator, at: 'middle' | 'top' = 'middle') {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + (at === 'top' ? 2 : b.height / 2), { steps: 12 });
  await page.mouse.up();
}

test('the canvas with the pointer: a palette item dragged in, fields moved by drag and by button, copied', async ({
  page,
}) => {
  await login(page, fixtureAccounts.super, { path: null });
  const name = await publishNewForm(page, 'Drag survey');
  await page.goto(`/studio?kind=forms&name=${name}`);
  const canvas = page.getByRole('region', { name: 'Canvas' });
  await expect(canvas.getByRole('button', { name: /^Name / })).toBeVisible();

  // A Date from the palette, dropped at the canvas's end.
  await drag(page, page.getByRole('button', { name: 'Date', exact: true }), canvas.getByText('Drop a field here'));
  await expect.poll(() => canvasOrder(page)).toEqual(['Name text', 'Description textarea', 'Date date']);

  // Date dragged by its handle onto the top of Name: it goes first.
  await drag(
    page,
    canvas.getByRole('button', { name: 'Drag Date' }),
    canvas.getByRole('button', { name: /^Name / }),
    'top',
  );
  await expect.poll(() => canvasOrder(page)).toEqual(['Date date', 'Name text', 'Description textarea']);

  // Name moved down by its button, then copied: the copy has a key of its own.
  await canvas.getByRole('button', { name: /^Name / }).click();
  await canvas.getByRole('button', { name: 'Move down' }).click();
  await expect.poll(() => canvasOrder(page)).toEqual(['Date date', 'Description textarea', 'Name text']);
  await canvas.getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => canvasOrder(page)).toEqual(['Date date', 'Description textarea', 'Name text', 'Name text']);

  // The Source view shows the same document: the same fields in the same order, the copy under name_2.
  const fields = await sourceFields(page);
  expect(fields.map((f) => [f.key, f.label, f.type])).toEqual([
    ['date', 'Date', 'date'],
    ['description', 'Description', 'textarea'],
    ['name', 'Name', 'text'],
    ['name_2', 'Name', 'text'],
  ]);
  expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
  await page.screenshot({ path: 'test-results/studio-drag.png' });
});
