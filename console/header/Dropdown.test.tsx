// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dropdown } from './Dropdown';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Dropdown open={open} onOpenChange={setOpen} label="Account menu" trigger="A">
        <a href="#inside">Inside link</a>
        <p>Plain text</p>
      </Dropdown>
      <button type="button">After</button>
    </>
  );
}

afterEach(cleanup);

describe('Dropdown', () => {
  const trigger = () => screen.getByRole('button', { name: 'Account menu' });

  it('closes on Esc and gives focus back to its button', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    const inside = screen.getByRole('link', { name: 'Inside link' });
    inside.focus();
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger());
  });

  it('closes when focus moves past the panel', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    const inside = screen.getByRole('link', { name: 'Inside link' });
    const after = screen.getByRole('button', { name: 'After' });
    fireEvent.focusOut(inside, { relatedTarget: after });
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open while focus moves inside it or to nothing (a click on its text)', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    const inside = screen.getByRole('link', { name: 'Inside link' });
    fireEvent.focusOut(trigger(), { relatedTarget: inside });
    fireEvent.focusOut(inside, { relatedTarget: null });
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Plain text')).toBeTruthy();
  });

  it('closes on a pointer press outside', () => {
    render(<Harness />);
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByRole('button', { name: 'After' }));
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });
});
