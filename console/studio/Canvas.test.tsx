// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormDocument } from '../../engine/schema/types';
import { DesignView } from './DesignView';

// A canvas tool used from the keyboard keeps the focus where the work goes on: the moved field's move button
// (the other one once the field reaches an end), the copy's Copy, after a removal the field then selected.

afterEach(cleanup);

const start: FormDocument = {
  $schema: '../form.schema.json',
  title: 'Survey',
  endpoint: '/tags',
  fields: [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'note', label: 'Note', type: 'text' },
  ],
};

function Studio() {
  const [doc, setDoc] = useState(start);
  const [selected, setSelected] = useState<number>();
  return <DesignView doc={doc} selected={selected} onSelect={setSelected} onChange={setDoc} />;
}

const selectedTool = (name: string | RegExp) =>
  within(document.querySelector<HTMLElement>('.studio-canvas__item[data-selected]')!).getByRole('button', { name });
const order = () =>
  [...document.querySelectorAll('.studio-canvas__select')].map((b) => b.firstChild?.textContent?.trim());

describe('the canvas tools and the focus', () => {
  it('moves, copies and removes with the focus kept on the field being worked on', () => {
    render(<Studio />);
    fireEvent.click(screen.getByRole('button', { name: /^Name / }));
    fireEvent.click(selectedTool('Move down'));
    expect(order()).toEqual(['Note', 'Name']);
    expect(document.activeElement).toBe(selectedTool('Move up'));
    fireEvent.click(selectedTool('Move up'));
    expect(order()).toEqual(['Name', 'Note']);
    expect(document.activeElement).toBe(selectedTool('Move down'));

    fireEvent.click(selectedTool('Copy'));
    expect(order()).toEqual(['Name', 'Name', 'Note']);
    expect(document.activeElement).toBe(selectedTool('Copy'));
    fireEvent.click(selectedTool('Remove'));
    expect(order()).toEqual(['Name', 'Note']);
    expect(document.activeElement).toBe(selectedTool(/^Name /));
  });
});
