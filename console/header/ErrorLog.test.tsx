// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearErrorLog, logError } from '../../engine/stores/error-log';
import { ErrorLog } from './ErrorLog';

beforeEach(() => clearErrorLog());
afterEach(() => cleanup());

// Shell spec §2: the header holds an error widget beside the notification widget.
describe('ErrorLog header widget', () => {
  it('is absent while nothing has failed, and appears counting the failures when one is logged', async () => {
    render(<ErrorLog />);
    expect(screen.queryByRole('button', { name: /Errors/ })).toBeNull();
    act(() => logError({ message: 'Server error', request: 'GET /devices', status: 500 }));
    const trigger = await screen.findByRole('button', { name: 'Errors (1)' });
    expect(trigger.querySelector('.counter')?.textContent).toBe('1');
  });

  it('lists the failures newest first with their call and status, and Clear empties the list', async () => {
    logError({ message: 'Not Found', request: 'GET /tags/9', status: 404 });
    logError({ message: 'Cannot read the rows' });
    render(<ErrorLog />);
    fireEvent.click(screen.getByRole('button', { name: 'Errors (2)' }));
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Cannot read the rows', 'Not Found']);
    expect(items[1].querySelector('code')?.textContent).toBe('GET /tags/9 · 404');
    expect(items[0].querySelector('code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No errors')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
