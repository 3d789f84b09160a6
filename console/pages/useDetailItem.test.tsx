// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, ROUTE_CHANGED } from '../../engine/http/client';
import type { PageDocument } from '../../engine/pages/types';

// A detail route's header stays on screen while its tabs change; the route change cancels its pending load
// (shell spec §4): it asks again instead of showing "Failed to load. Route changed".

const fetchItem = vi.hoisted(() => vi.fn());
vi.mock('../../engine/pages/fetch-list', () => ({ fetchItem }));
const { useDetailItem } = await import('./useDetailItem');

const doc = {
  kind: 'detail',
  title: 'Company',
  endpoint: '/companies/:company_id',
  fields: [],
} as unknown as PageDocument;

function Header() {
  const { item, error } = useDetailItem(doc, { company_id: '1' });
  if (error) return <p role="alert">{String((error as Error).message)}</p>;
  return <p>{item ? String(item.name) : 'Loading'}</p>;
}

afterEach(cleanup);

describe('useDetailItem', () => {
  it('loads again when a route change cancelled its load, and shows other failures', async () => {
    const cancelled = new HttpError(ROUTE_CHANGED, { url: '/companies/1' }, { code: 'ERR_CANCELED' });
    fetchItem.mockRejectedValueOnce(cancelled).mockResolvedValueOnce({ name: 'Acme Networks' });
    render(<Header />);
    expect(await screen.findByText('Acme Networks')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchItem).toHaveBeenCalledTimes(2);

    cleanup();
    fetchItem.mockRejectedValueOnce(new HttpError('Network Error', { url: '/companies/1' }, { code: 'ERR_NETWORK' }));
    render(<Header />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network Error'));
  });
});
