// Registered functions a document names where the spec has a function (options,
// onChange, formatter, lookup transforms, BaseAlert text). Documents hold only the
// name and params; schemas:check verifies every name exists here.
import { MONITORING_CONFIGS, monitoringConfigs, monitoringData } from '../device/monitoring';
import { companyDataPreview, normaliseCreditCount } from '../domain/company-data';
import { formatBytes } from '../format/bytes';
import { creditTypesForUser, type CreditType } from '../domain/credit-types';
import { inviteRoleOptions, type RoleItem } from '../domain/roles';
import { permits } from '../permissions/document';
import type { FormValues } from './depends';
import type { OptionItem } from './types';

export interface FunctionContext {
  values: FormValues;
  permissions: readonly string[];
  /** The session user's role name (super_admin, admin, ...). */
  role?: string;
}

type Params = Record<string, unknown>;
type Item = Record<string, unknown>;

/** Transforms of loaded lookup items ({lookup, transform}). */
export const transforms: Record<string, (items: Item[], params: Params, ctx: FunctionContext) => Item[]> = {
  /** Super admin sees all credit types; others the paid ones with 'Paid' removed. */
  creditTypesForUser: (items, _p, ctx) =>
    creditTypesForUser(items as CreditType[], permits(ctx.permissions, 'super_admin')),
  /** Invite form roles: invitable defaults + the company's custom roles, ordered, names cut at 45. */
  inviteRoles: (items, params, ctx) =>
    inviteRoleOptions(items as RoleItem[], ctx.role, ctx.values[String(params.companyKey ?? 'company_id')]),
};

/** Option lists computed without a lookup ({function}). */
export const optionFunctions: Record<string, (params: Params, ctx: FunctionContext) => OptionItem[]> = {
  /** Options from params.values: [{value,label}] filtered to the ones whose permission the user holds. */
  permittedOptions: (params, ctx) =>
    ((params.options as (OptionItem & { permission?: string })[]) ?? [])
      .filter((o) => permits(ctx.permissions, o.permission))
      .map(({ value, label, description }) => ({ value, label, ...(description ? { description } : {}) })),
};

/** onChange handlers: return the new values after the field changed. */
export const onChangeFunctions: Record<string, (values: FormValues, params: Params) => FormValues> = {
  /** Clears the listed fields (e.g. the role when the company changes). */
  clearFields: (values, params) => {
    const next = { ...values };
    for (const key of (params.keys as string[]) ?? []) delete next[key];
    return next;
  },
};

/** Formatters applied to a typed value. */
export const formatters: Record<string, (value: unknown) => unknown> = {
  /** Digits only, leading zeros removed (company data credit count). */
  creditCount: normaliseCreditCount,
  /** Digits only. */
  digits: (v) => String(v ?? '').replace(/\D/g, ''),
};

/** A BaseAlert text function: the keys it reads (the alert follows only them) and the text. */
export interface ComputeFunction {
  reads(params: Params): string[];
  text(values: FormValues, params: Params): string;
}

/** BaseAlert text functions ({compute}). */
export const computeFunctions: Record<string, ComputeFunction> = {
  /** Company data preview: 1 credit = 2 GB. */
  companyDataPreview: {
    reads: (params) => [String(params.from ?? 'credits')],
    text: (values, params) => companyDataPreview(values[String(params.from ?? 'credits')]),
  },
  /** Monitoring template: the data one device's monitoring takes in 30 days at the chosen periods. */
  monitoringDataEstimate: {
    reads: () => MONITORING_CONFIGS.map((c) => c.key),
    text: (values) => {
      const { down, up } = monitoringData(monitoringConfigs(values));
      return `Estimated monitoring data per device in 30 days: ${formatBytes(down)} down, ${formatBytes(up)} up`;
    },
  },
};

export const registeredNames = {
  transform: () => Object.keys(transforms),
  options: () => Object.keys(optionFunctions),
  onChange: () => Object.keys(onChangeFunctions),
  formatter: () => Object.keys(formatters),
  compute: () => Object.keys(computeFunctions),
};
