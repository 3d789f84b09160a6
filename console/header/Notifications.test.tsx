// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { setSessionUser, type SessionUser } from '../../engine/session/user';
import { onReloadData } from '../../engine/submit/events';
import { jsonResponse, stubFetch } from '../test-support/network';

const fake = vi.hoisted(() => ({ handlers: new Map<string, ((p: unknown) => void)[]>(), emitted: [] as unknown[][] }));

vi.mock('../../engine/realtime/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../engine/realtime/socket')>();
  const socket = {
    connected: true,
    on(event: string, fn: (p: unknown) => void) {
      fake.handlers.set(event, [...(fake.handlers.get(event) ?? []), fn]);
      return socket;
    },
    listeners: (event: string) => fake.handlers.get(event) ?? [],
    emit: (...args: unknown[]) => fake.emitted.push(args),
    disconnect() {},
  };
  return { ...actual, realtime: actual.createRealtime(() => socket as unknown as Socket) };
});

const { Notifications } = await import('./Notifications');

const user = { id: 2, email: 'a@example.com', permissions: [], company: { id: 1 }, role: {} } as unknown as SessionUser;
let list: { id: number; summary: string; created_at: string; seen_at: string | null; type: string }[];
const calls: { method: string; url: string; body?: unknown }[] = [];

beforeEach(() => {
  setSessionUser(user);
  calls.length = 0;
  list = [
    { id: 1, summary: 'Credit low', created_at: '2026-01-01T10:00:00Z', seen_at: null, type: 'creditAmountTooLow' },
    { id: 2, summary: 'Old one', created_at: '2025-12-01T10:00:00Z', seen_at: '2025-12-02T10:00:00Z', type: 'x' },
  ];
  stubFetch(async (url, init) => {
    const method = String(init.method);
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PUT') list = list.map((item) => ({ ...item, seen_at: item.seen_at ?? 'now' }));
    return jsonResponse({ success: true, data: list });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Where the router is: path and location key (a navigation, even to the same path, makes a new key). */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname} ${location.key}`}</output>;
}

const mount = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Notifications />
      <Where />
    </MemoryRouter>,
  );

describe('Notifications', () => {
  it('shows the unseen badge, marks seen on close, then reloads', async () => {
    mount();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell.textContent).toContain('1'));
    fireEvent.click(bell);
    expect(screen.getByText('Credit low')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all notifications' })).toBeTruthy();
    fireEvent.click(bell);
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']));
    expect(calls[1]).toMatchObject({ url: '/api/notifications', body: { id: [1] } });
    await waitFor(() => expect(bell.querySelector('.counter')).toBeNull());
  });

  it('puts a live notification on top, once, also after a remount', async () => {
    const first = mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    first.unmount();
    mount();
    await waitFor(() => expect(fake.emitted).toContainEqual(['subscribe', 'notifications.2']));
    expect(fake.handlers.get('WebNotificationCreated')).toHaveLength(1);
    act(() => {
      for (const fn of fake.handlers.get('WebNotificationCreated') ?? []) {
        fn({
          channel: 'notifications.2',
          data: {
            id: 9,
            summary: 'Code activated',
            created_at: '2026-01-02T00:00:00Z',
            seen_at: null,
            type: 'creditCodeActivation',
          },
        });
      }
    });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const items = screen.getAllByRole('listitem');
    expect(items[0].textContent).toContain('Code activated');
    expect(screen.getAllByText('Code activated')).toHaveLength(1);
  });
  it("shows the server's first error, else 'Failed to get notifications.' (forms spec §8)", async () => {
    for (const [body, text] of [
      [{ success: false, errors: [{ code: 'E', message: 'Notifications are off' }] }, 'Notifications are off'],
      [{ success: false, errors: [] }, 'Failed to get notifications.'],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(body), { status: 500, statusText: 'Internal Server Error' })),
      );
      const view = mount();
      fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
      view.unmount();
    }
  });

  it("shows 'No notifications' when the list is empty", async () => {
    list = [];
    mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('the footer link navigates to all notifications, but on that page reloads the data instead', async () => {
    list = list.map((item) => ({ ...item, seen_at: '2026-01-02T10:00:00Z' }));
    const elsewhere = mount('/management/devices');
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(screen.getByRole('link', { name: 'Show all notifications' }));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toMatch(/^\/notifications /);
    elsewhere.unmount();

    calls.length = 0;
    const reloads = vi.fn();
    const stop = onReloadData(reloads);
    mount('/notifications');
    await waitFor(() => expect(calls).toHaveLength(1));
    const before = screen.getByRole('status', { name: 'location' }).textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(screen.getByRole('link', { name: 'Show all notifications' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(before);
    stop();
  });
});
