// An automation's conditions in the OpenAPI's `conditions_body` shape: a
// list of `if` blocks, each with up to four expressions on a device's
// parameters joined by `&&` or `||`, the actions to run when they hold, and
// nested if/else conditions. Stored as sent (records.details.conditions_body);
// an automation written before, with the console's condition text
// ("wan_state == down") and action name, reads as the same shape. Evaluated
// against what a device last reported (the devices table).

export interface Expression {
  parameter?: string;
  operator?: string;
  value?: unknown;
  joins_with?: string;
}

export interface Action {
  name: string;
  options?: Record<string, unknown>;
}

export interface Condition {
  type: string;
  tag?: string;
  expression?: Expression[];
  actions?: Action[];
  conditions?: Condition[];
}

/** The vendor's action names for the actions the automation form stores. */
const ACTIONS: Record<string, string> = {
  send_email: 'SendEmail',
  send_notification: 'SendNotification',
  reboot: 'Reboot',
  task_manager: 'TaskManagerAction',
  config_upload: 'ExportBackup',
};
const CONDITION_TEXT = /^\s*(\w+)\s*(==|!=|>=|<=|>|<)\s*(.+?)\s*$/;

/** The conditions an automation's details hold: the stored body, or the one its condition text and action say. */
export function conditionsOf(details: Record<string, unknown>): Condition[] {
  if (Array.isArray(details.conditions_body)) return tagged(details.conditions_body as Condition[]);
  const { condition, action } = details as { condition?: string; action?: string };
  const match = CONDITION_TEXT.exec(condition ?? '');
  const expression = match ? [{ parameter: match[1], operator: match[2], value: match[3] }] : [];
  const name = ACTIONS[action ?? ''];
  return [{ type: 'if', tag: 'cond_0', expression, actions: name ? [{ name }] : [] }];
}

/** Each condition named `cond_<path>` (the evaluation log's keys) unless it has a tag. */
function tagged(conditions: Condition[], prefix = 'cond_'): Condition[] {
  return conditions.map((c, i) => ({
    ...c,
    tag: c.tag ?? `${prefix}${i}`,
    ...(c.conditions ? { conditions: tagged(c.conditions, `${c.tag ?? `${prefix}${i}`}_`) } : {}),
  }));
}

const expressionText = (list: Expression[] = []) =>
  list
    .map(
      (e, i) =>
        `${e.parameter} ${e.operator} ${String(e.value)}${i < list.length - 1 ? ` ${e.joins_with ?? '&&'}` : ''}`,
    )
    .join(' ');

/** The list page's Condition and Action columns for stored conditions: the first block's, as text. */
export function conditionsSummary(conditions: Condition[]): { condition: string; action: string } {
  const first = conditions[0];
  return {
    condition: expressionText(first?.expression),
    action: (first?.actions ?? []).map((a) => a.name).join(', '),
  };
}

/** Every action a body names, nested ones included. */
export function actionsOf(conditions: Condition[]): Action[] {
  return conditions.flatMap((c) => [...(c.actions ?? []), ...actionsOf(c.conditions ?? [])]);
}

const numeric = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

/** One expression against a parameter's value; a parameter the device has not reported never holds. */
function holds(e: Expression, actual: unknown): boolean {
  if (actual === null || actual === undefined) return false;
  const [a, b] = [numeric(actual), numeric(e.value)];
  const both = !Number.isNaN(a) && !Number.isNaN(b);
  const [x, y] = both ? [a, b] : [String(actual).toLowerCase(), String(e.value).toLowerCase()];
  switch (e.operator) {
    case '==':
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '>':
      return x > y;
    case '<':
      return x < y;
    case '>=':
      return x >= y;
    case '<=':
      return x <= y;
    default:
      return false;
  }
}

export interface Evaluation {
  triggered: boolean;
  /** Each condition's tag and whether it held. */
  conditions: { key: string; value: boolean }[];
  /** Each parameter read and the device's value (null: not reported). */
  parameters: { key: string; value: unknown }[];
  /** The actions that run. */
  actions: Action[];
}

/**
 * The conditions against a device's parameters: expressions left to right, each joined to the next by its
 * `joins_with` (`&&` unless `||`); an `if` without expressions always holds (a schedule); nested conditions
 * when their block holds, an `else` when the `if` before it did not.
 */
export function evaluate(conditions: Condition[], parameters: Record<string, unknown>): Evaluation {
  const out: Evaluation = { triggered: false, conditions: [], parameters: [] as Evaluation['parameters'], actions: [] };
  const read = new Map<string, unknown>();
  const test = (list: Expression[] = []) => {
    let result: boolean | undefined;
    let join = '&&';
    for (const e of list) {
      const actual = parameters[e.parameter ?? ''] ?? null;
      read.set(e.parameter ?? '', actual);
      const value = holds(e, actual);
      result = result === undefined ? value : join === '||' ? result || value : result && value;
      join = e.joins_with ?? '&&';
    }
    return result ?? true;
  };
  const walk = (list: Condition[], top = false) => {
    let previous = true;
    for (const c of list) {
      const held: boolean = c.type === 'else' ? !previous : test(c.expression);
      out.conditions.push({ key: c.tag ?? '', value: held });
      if (held) {
        if (top) out.triggered = true;
        out.actions.push(...(c.actions ?? []));
        walk(c.conditions ?? []);
      }
      previous = held;
    }
  };
  walk(conditions, true);
  out.parameters = [...read].map(([key, value]) => ({ key, value }));
  return out;
}
