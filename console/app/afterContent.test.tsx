// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

async function load() {
  vi.resetModules();
  const [{ afterContent }, firstContent] = await Promise.all([
    import('./afterContent'),
    import('../../engine/pages/first-content'),
  ]);
  return { afterContent, ...firstContent };
}

describe('afterContent', () => {
  it('loads and shows the component only after the first page content', async () => {
    const { afterContent, markContentShown } = await load();
    const loadWidget = vi.fn(async () => ({ label }: { label: string }) => <button type="button">{label}</button>);
    const Widget = afterContent(loadWidget);
    render(<Widget label="Bell" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadWidget).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
    markContentShown();
    expect(await screen.findByRole('button', { name: 'Bell' })).toBeTruthy();
    expect(loadWidget).toHaveBeenCalledTimes(1);
  });

  it('shows a widget already loaded at once on a later mount', async () => {
    const { afterContent, markContentShown } = await load();
    const Widget = afterContent(async () => () => <span>Bell</span>);
    markContentShown();
    const first = render(<Widget />);
    await screen.findByText('Bell');
    first.unmount();
    render(<Widget />);
    expect(screen.getByText('Bell')).toBeTruthy();
  });
});
