import type { HttpResponse } from './types';

// The duplicate-GET rule (shell spec §7, §8): a repeated GET to the same URL
// cancels the earlier one, and every caller of the group — however many came
// before — receives the newest request's answer (including after its 401
// recovery) or its failure.

interface Group {
  callers: Array<{ resolve: (value: HttpResponse<unknown>) => void; reject: (error: unknown) => void }>;
  latest: AbortController;
}

export interface LatestGets {
  /**
   * Runs `send` for this URL, cancelling the earlier request of the same URL;
   * resolves with the answer of the newest one.
   */
  run<T>(url: string, send: (controller: AbortController) => Promise<HttpResponse<T>>): Promise<HttpResponse<T>>;
}

export function createLatestGets(replacedReason: string): LatestGets {
  const groups = new Map<string, Group>();
  return {
    run<T>(url: string, send: (controller: AbortController) => Promise<HttpResponse<T>>) {
      const controller = new AbortController();
      let group = groups.get(url);
      if (group) {
        group.latest.abort(replacedReason);
        group.latest = controller;
      } else {
        group = { callers: [], latest: controller };
        groups.set(url, group);
      }
      const own = group;
      const promise = new Promise<HttpResponse<T>>((resolve, reject) => {
        own.callers.push({ resolve: resolve as (value: HttpResponse<unknown>) => void, reject });
      });
      const settle = (outcome: (caller: Group['callers'][number]) => void) => {
        if (own.latest !== controller) return;
        groups.delete(url);
        for (const caller of own.callers) outcome(caller);
      };
      send(controller).then(
        (response) => settle((caller) => caller.resolve(response)),
        (error: unknown) => settle((caller) => caller.reject(error)),
      );
      return promise;
    },
  };
}
