// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton';

afterEach(cleanup);

it('an icon button is named by its label, which is also its tooltip, and stays a button', () => {
  const onClick = vi.fn();
  render(
    <IconButton label="Close" className="modal__control" onClick={onClick}>
      <span aria-hidden="true">×</span>
    </IconButton>,
  );
  const button = screen.getByRole('button', { name: 'Close' });
  const tip = screen.getByRole('tooltip', { hidden: true });
  expect(button.getAttribute('aria-describedby')).toBe(tip.id);
  expect(tip.textContent).toBe('Close');
  expect(button.getAttribute('type')).toBe('button');
  expect(button.hasAttribute('title')).toBe(false);
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledOnce();
});

it('a disabled icon button still shows its tooltip on hover, is out of the tab order and ignores clicks', () => {
  const onClick = vi.fn();
  render(
    <IconButton label="First page" onClick={onClick} disabled>
      <span aria-hidden="true">«</span>
    </IconButton>,
  );
  const button = screen.getByRole('button', { name: 'First page' });
  // aria-disabled, not disabled: the browser sends a disabled button no pointer events.
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.tabIndex).toBe(-1);
  fireEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
  fireEvent.mouseEnter(button);
  expect(screen.getByRole('tooltip').textContent).toBe('First page');
});
