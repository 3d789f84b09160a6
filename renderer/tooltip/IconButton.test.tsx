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
