import { sql } from 'kysely';
import type { FieldExpr, FilterFn } from '../http/list-query';
import { namedFilter } from './device-filters';

// The credit types a device uses (PUT /devices/credit keeps them, by license
// type: management or data) in the device record and its filters, by the
// OpenAPI's names: management_credit_type (the type's name, e.g.
// management_5y), _name (its full name), _id, the same for data, and
// credit_type: free or paid (a device using any credit type of that payment).

const LICENSES = ['management', 'data'] as const;
const typeId = (license: (typeof LICENSES)[number]) => sql.ref(`d.${license}_credit_type_id`);
const typeColumn = (license: (typeof LICENSES)[number], column: 'credit_type' | 'name') =>
  sql`(select t.${sql.ref(column)} from credit_types t where t.id = ${typeId(license)})`;

/** The OpenAPI's enums of the credit type names each license filters by. */
const TYPE_NAMES = {
  management: [
    'credit',
    'management_5y',
    'management_10y',
    'management_3y',
    'management_1y',
    'management_6m',
    'data_150GB_10y',
  ],
  data: ['data_150GB_10y'],
};

/** The record's credit type fields. */
export function creditTypeFields(): Record<string, FieldExpr> {
  return Object.fromEntries(
    LICENSES.flatMap((license) => [
      [`${license}_credit_type`, typeColumn(license, 'credit_type')],
      [`${license}_credit_type_name`, typeColumn(license, 'name')],
      [`${license}_credit_type_id`, `d.${license}_credit_type_id`],
    ]),
  );
}

/** The device list's credit type filters (a name outside the OpenAPI's enum is a 422). */
export function creditTypeFilters(): Record<string, FieldExpr | FilterFn> {
  const named = (license: (typeof LICENSES)[number]) =>
    namedFilter(
      Object.fromEntries(
        TYPE_NAMES[license].map((name) => [
          name,
          sql`${typeId(license)} in (select t.id from credit_types t where t.credit_type = ${name})`,
        ]),
      ),
    );
  const paid = (payment: string) =>
    sql`exists (select 1 from credit_types t where t.id in (${typeId('management')}, ${typeId('data')}) and t.payment_type = ${payment})`;
  return {
    ...Object.fromEntries(
      LICENSES.flatMap((license) => [
        [`${license}_credit_type`, named(license)],
        [`${license}_credit_type_id`, `d.${license}_credit_type_id`],
      ]),
    ),
    credit_type: namedFilter({ free: paid('free'), paid: paid('paid') }),
  };
}
