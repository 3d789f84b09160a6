import type { ListPlan } from './list-query';

// The compiled statements of list calls, kept per caller and URL. Building a
// list's Kysely query and compiling it costs more CPU than SQLite spends
// running it, and a console asks for the same pages again and again (polling,
// paging back). A plan depends only on the caller (its companies, user,
// permissions) and the URL (path and query), so it is kept on the caller
// object: session callers are cached per data version (server/auth), so any
// write, revocation or role change brings a new caller object and the plans
// of the old one are never read again (and are collected with it).

export class ListPlans {
  private readonly byCaller = new WeakMap<object, Map<string, ListPlan>>();

  constructor(private readonly max = 100) {}

  /** The plan of `url` for `caller`, made (and kept) on first use. */
  get(caller: object, url: string, make: () => ListPlan): ListPlan {
    let plans = this.byCaller.get(caller);
    if (!plans) this.byCaller.set(caller, (plans = new Map()));
    let plan = plans.get(url);
    if (!plan) {
      plan = make();
      plans.set(url, plan);
      if (plans.size > this.max) plans.delete(plans.keys().next().value as string);
    }
    return plan;
  }
}
