// Logic without JSON: a condition as the rule builder shows it ("Colour is not
// empty", "Type is one of A, B", "… is not one of …") and the `depends` rule of the
// form language it stands for; the same shape serves conditional required.
import formSchema from '../../schemas/form.schema.json';
import type { DependsRule, FieldSchema, FormDocument, Scalar } from '../schema/types';

/** A field property holding rules of the depends shape (depends, requiredWhen). */
export type RuleProperty = 'depends' | 'requiredWhen';

/** The field properties whose items are depends rules, as the meta-schema has them. */
export const RULE_PROPERTIES = Object.entries(formSchema.$defs.field.properties)
  .filter(([, schema]) => (schema as { items?: { $ref?: string } }).items?.$ref === '#/$defs/dependsRule')
  .map(([name]) => name as RuleProperty);

export const OPERATORS = ['filled', 'empty', 'oneOf', 'notOneOf'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  key: string;
  operator: Operator;
  values: Scalar[];
}

/** The rule a condition stands for: {key} is "not empty", not inverts, values list "one of". */
export function toRule({ key, operator, values }: Condition): DependsRule {
  if (operator === 'filled') return { key };
  if (operator === 'empty') return { key, not: true };
  return operator === 'oneOf' ? { key, values: [...values] } : { key, values: [...values], not: true };
}

/** The condition a rule reads as. */
export function toCondition(rule: DependsRule): Condition {
  if (rule.values === undefined) return { key: rule.key, operator: rule.not ? 'empty' : 'filled', values: [] };
  return { key: rule.key, operator: rule.not ? 'notOneOf' : 'oneOf', values: [...rule.values] };
}

/** The fields a rule of the field at index may name: every other field that holds a value. */
export function ruleFields(doc: FormDocument, index: number): FieldSchema[] {
  return doc.fields.filter((f, i) => i !== index && f.component !== 'BaseAlert');
}

/** The values a field offers to pick from: its static options, a checkbox's two values; none otherwise. */
export function fieldValues(field: FieldSchema): { value: Scalar; label: string }[] {
  if (Array.isArray(field.options)) return field.options.map((o) => ({ value: o.value, label: o.label }));
  if (field.type === 'checkbox')
    return [
      { value: field.trueValue ?? true, label: String(field.trueValue ?? 'checked') },
      { value: field.falseValue ?? false, label: String(field.falseValue ?? 'unchecked') },
    ];
  return [];
}

/** The field's rules of that property replaced by the conditions (none removes the property). */
export function setConditions(
  doc: FormDocument,
  index: number,
  property: RuleProperty,
  conditions: readonly Condition[],
): FormDocument {
  const field = doc.fields[index];
  if (!field) return doc;
  const next: FieldSchema = { ...field };
  if (conditions.length) next[property] = conditions.map(toRule);
  else delete next[property];
  return { ...doc, fields: doc.fields.map((f, i) => (i === index ? next : f)) };
}
