// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TooltipContent } from '../../engine/domain/tooltip';
import { Tooltip } from './Tooltip';

afterEach(cleanup);

/** Focus as the keyboard gives it (Tab), which shows the focus ring. */
function tabTo(element: HTMLElement) {
  fireEvent.keyDown(document.body, { key: 'Tab' });
  act(() => element.focus());
}

function iconButton(content: TooltipContent, onKey = vi.fn()) {
  render(
    <div onKeyDown={onKey}>
      <Tooltip content={content}>
        <button type="button" aria-label="Next page">
          <span aria-hidden="true">›</span>
        </button>
      </Tooltip>
    </div>,
  );
  return {
    button: screen.getByRole('button', { name: 'Next page' }),
    tip: screen.getByRole('tooltip', { hidden: true }),
  };
}

describe('Tooltip', () => {
  it('is the description of its trigger, which keeps its aria-label, and is hidden until asked for', () => {
    const { button, tip } = iconButton('Next page');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    expect(button.getAttribute('aria-label')).toBe('Next page');
    expect(tip.hidden).toBe(true);
  });

  it('shows while the trigger or the tooltip itself is hovered, and hides when the pointer leaves both', () => {
    const { button, tip } = iconButton('Next page');
    fireEvent.mouseEnter(button);
    expect(tip.hidden).toBe(false);
    fireEvent.mouseLeave(button);
    fireEvent.mouseEnter(tip);
    expect(tip.hidden).toBe(false);
    fireEvent.mouseLeave(tip);
    expect(tip.hidden).toBe(true);
  });

  it('shows on keyboard focus and hides on blur, but not on the focus a click gives', () => {
    const { button, tip } = iconButton('Next page');
    tabTo(button);
    expect(tip.hidden).toBe(false);
    act(() => button.blur());
    expect(tip.hidden).toBe(true);
    fireEvent.mouseDown(button);
    act(() => button.focus());
    expect(tip.hidden).toBe(true);
  });

  it('Escape dismisses it wherever the focus is, and the key still reaches what is around it', () => {
    const onKey = vi.fn();
    const { button, tip } = iconButton('Next page', onKey);
    tabTo(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(onKey).toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
    fireEvent.mouseEnter(button);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });

  it('is a compact line under 50 characters and wraps from 50 on', () => {
    expect(iconButton('x'.repeat(49)).tip.className).toBe('tooltip tooltip--short');
    cleanup();
    expect(iconButton('x'.repeat(50)).tip.className).toBe('tooltip tooltip--long');
  });

  it('shows text as text, never as markup', () => {
    const { tip } = iconButton('<b onmouseover="x()">bold</b> & more');
    expect(tip.textContent).toBe('<b onmouseover="x()">bold</b> & more');
    expect(tip.children).toHaveLength(0);
  });

  it('property: any text is shown verbatim, as text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", 'i', 'b', '/', '=', ' ') }), (text) => {
        const { tip } = iconButton(text);
        const shown = { text: tip.textContent, elements: tip.children.length };
        cleanup();
        expect(shown).toEqual({ text, elements: 0 });
      }),
      { numRuns: 40 },
    );
  });

  it('shows content marked as HTML as sanitised markup', async () => {
    const { tip } = iconButton({ html: '<b>Due</b> today<img src=x onerror=alert(1)><script>x()</script>' });
    // DOMPurify is loaded on first use: on a busy machine that can take over Vitest's 1 s default.
    await vi.waitFor(() => expect(tip.querySelector('b')?.textContent).toBe('Due'), { timeout: 10_000 });
    expect(tip.innerHTML).toBe('<b>Due</b> today<img src="x">');
  });

  it('without content leaves the trigger as it is', () => {
    render(
      <Tooltip content={undefined}>
        <button type="button">Tags</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
