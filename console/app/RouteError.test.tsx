// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installChunkReload, RouteErrorBoundary } from './RouteError';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('Cannot read the rows');
}

function app(start: string) {
  return (
    <MemoryRouter initialEntries={[start]}>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<p>Rows</p>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows what failed to render in its place, and the routes again on a new location', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(app('/broken'));
    expect(screen.getByRole('alert').textContent).toContain('Cannot read the rows');
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong');
    act(() => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Rows')).toBeTruthy();
  });

  it('reloads the page once for a chunk that failed to load (shell spec §4)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
    function Missing(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/ListPage.js');
    }
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Missing />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

// Spec 001 §8: a dynamic asset that fails to load raises a preload-error event;
// if unhandled it is rethrown. Vite rethrows unless the event is cancelled.
describe('installChunkReload', () => {
  it('handles the first vite:preloadError by reloading, and leaves a second within a minute unhandled', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
    installChunkReload();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
