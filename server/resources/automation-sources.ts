import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { invalid } from '../http/envelope';
import type { Action, Condition } from './automation-conditions';

// What an automation's actions name must exist in the automation's company:
// the e-mail configuration a SendEmail sends through, the users a
// SendNotification reaches, the task group a TaskManagerAction runs. Each
// action has the options its name asks for (the OpenAPI's options are one of
// three shapes, which its schema alone cannot tie to the name).

type Problem = [string, string];

/** The options each action name needs, and the message when they are missing. */
const NEEDS: Record<string, { key: string; message: string }> = {
  SendEmail: {
    key: 'receiving_emails',
    message: 'A SendEmail action needs a subject, a message and receiving emails.',
  },
  SendNotification: {
    key: 'receiving_users',
    message: 'A SendNotification action needs a message and receiving users.',
  },
  TaskManagerAction: { key: 'task_group_id', message: 'A TaskManagerAction action needs a task group.' },
};

/** Every action with the source of its errors (`conditions_body.0.actions.1`, nested conditions included). */
function located(conditions: Condition[], at: string): [string, Action][] {
  return conditions.flatMap((c, i) => [
    ...(c.actions ?? []).map((a, j): [string, Action] => [`${at}.${i}.actions.${j}`, a]),
    ...located(c.conditions ?? [], `${at}.${i}.conditions`),
  ]);
}

const recordIn = (db: Kysely<Database>, kind: string, id: number, companyId: number) =>
  db
    .selectFrom('records')
    .select('id')
    .where('kind', '=', kind)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

async function problemsOf(db: Kysely<Database>, companyId: number, at: string, action: Action): Promise<Problem[]> {
  const need = NEEDS[action.name];
  const options = action.options ?? {};
  if (!need) return [];
  if (!(need.key in options)) return [[`${at}.options`, need.message]];
  if (action.name === 'SendEmail' && options.smtp_config_id !== undefined) {
    const found = await recordIn(db, 'email_configuration', Number(options.smtp_config_id), companyId);
    if (!found) return [[`${at}.options.smtp_config_id`, 'The selected SMTP configuration is invalid.']];
  }
  if (action.name === 'TaskManagerAction') {
    const id = Number(options.task_group_id);
    const found = Number.isSafeInteger(id) ? await recordIn(db, 'task_group', id, companyId) : undefined;
    if (!found) return [[`${at}.options.task_group_id`, 'The selected task group is invalid.']];
  }
  if (action.name === 'SendNotification') {
    const emails = options.receiving_users as string[];
    const users = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .where('company_id', '=', companyId)
      .execute();
    if (users.length !== new Set(emails).size)
      return [[`${at}.options.receiving_users`, 'The selected users are invalid.']];
  }
  return [];
}

/** Refuses (422, each action's source) an automation's conditions whose actions name what the company lacks. */
export async function assertConditionSources(
  db: Kysely<Database>,
  companyId: number,
  conditions: Condition[],
): Promise<void> {
  const problems: Problem[] = [];
  for (const [at, action] of located(conditions, 'conditions_body'))
    problems.push(...(await problemsOf(db, companyId, at, action)));
  if (problems.length) throw invalid(...problems);
}
