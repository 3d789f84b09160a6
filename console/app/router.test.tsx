// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { createAppRouter } from './router';

afterEach(() => vi.restoreAllMocks());

describe('app router', () => {
  it('cancels pending requests with the reason Route changed when the path changes', async () => {
    const cancel = vi.spyOn(http, 'cancelPending').mockImplementation(() => undefined);
    const router = createAppRouter();
    await router.navigate('/404');
    expect(cancel).toHaveBeenCalledWith('Route changed');
    cancel.mockClear();
    await router.navigate('/404?x=1');
    expect(cancel).not.toHaveBeenCalled();
    await router.navigate('/account/login');
    expect(cancel).toHaveBeenCalledTimes(1);
    router.dispose();
  });
});
