import { describe, expect, it } from 'vitest';
import type { ListPlan } from './list-query';
import { ListPlans } from './list-plans';

const plan = (name: string) => ({ countKey: name }) as unknown as ListPlan;

describe('ListPlans', () => {
  it('makes a plan once per caller and URL, and anew for another caller (a caller after a write)', () => {
    const plans = new ListPlans();
    const caller = {};
    let made = 0;
    const make = () => plan(`plan ${++made}`);
    const first = plans.get(caller, '/api/devices?limit=10', make);
    expect(plans.get(caller, '/api/devices?limit=10', make)).toBe(first);
    expect(plans.get(caller, '/api/devices?limit=20', make)).not.toBe(first);
    expect(plans.get({}, '/api/devices?limit=10', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('keeps at most its limit of URLs per caller, dropping the oldest', () => {
    const plans = new ListPlans(2);
    const caller = {};
    let made = 0;
    const make = () => plan(`plan ${++made}`);
    plans.get(caller, 'a', make);
    plans.get(caller, 'b', make);
    plans.get(caller, 'c', make);
    plans.get(caller, 'b', make);
    expect(made).toBe(3);
    plans.get(caller, 'a', make);
    expect(made).toBe(4);
  });
});
