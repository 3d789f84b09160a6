import type { FormDocument, Scalar } from '../../engine/schema/types';
import {
  OPERATORS,
  fieldValues,
  ruleFields,
  toCondition,
  type Condition,
  type Operator,
  type RuleProperty,
} from '../../engine/studio/rules';
import { t } from '../../engine/i18n/i18n';

// Logic without JSON: the rules of `depends` ("Show when") or `requiredWhen`
// ("Required when") as rows of field, condition and values, each picked from the
// form's own fields and their options. All rules must hold.

export interface RuleBuilderProps {
  doc: FormDocument;
  index: number;
  property: RuleProperty;
  labelId: string;
  onChange(conditions: Condition[]): void;
}

const operatorName = (operator: Operator): string =>
  ({
    filled: t('is not empty'),
    empty: t('is empty'),
    oneOf: t('is one of'),
    notOneOf: t('is not one of'),
  })[operator];

function Values({
  doc,
  condition,
  onChange,
}: {
  doc: FormDocument;
  condition: Condition;
  onChange(values: Scalar[]): void;
}) {
  const field = doc.fields.find((f) => f.key === condition.key);
  const offered = field ? fieldValues(field) : [];
  if (!offered.length)
    return (
      <label>
        {t('Values')}
        <input
          className="fc-input"
          value={condition.values.join(', ')}
          onChange={(e) =>
            onChange(
              e.target.value
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
            )
          }
        />
      </label>
    );
  const has = (value: Scalar) => condition.values.some((v) => String(v) === String(value));
  return (
    <fieldset className="studio-rule__values">
      <legend>{t('Values')}</legend>
      {offered.map((option) => (
        <label key={String(option.value)}>
          <input
            type="checkbox"
            checked={has(option.value)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...condition.values, option.value]
                  : condition.values.filter((v) => String(v) !== String(option.value)),
              )
            }
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export function RuleBuilder({ doc, index, property, labelId, onChange }: RuleBuilderProps) {
  const conditions = (doc.fields[index]?.[property] ?? []).map(toCondition);
  const candidates = ruleFields(doc, index);
  const update = (at: number, next: Partial<Condition>) =>
    onChange(conditions.map((c, i) => (i === at ? { ...c, ...next } : c)));
  return (
    <div className="studio-rules" role="group" aria-labelledby={labelId}>
      {conditions.map((condition, at) => (
        <div key={at} className="studio-rule" role="group" aria-label={t('Rule {number}', { number: at + 1 })}>
          <label>
            {t('Field')}
            <select
              className="fc-input"
              value={condition.key}
              onChange={(e) => update(at, { key: e.target.value, values: [] })}
            >
              {!candidates.some((f) => f.key === condition.key) && (
                <option value={condition.key}>{condition.key}</option>
              )}
              {candidates.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label ?? f.key}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('Condition')}
            <select
              className="fc-input"
              value={condition.operator}
              onChange={(e) => update(at, { operator: e.target.value as Operator })}
            >
              {OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {operatorName(o)}
                </option>
              ))}
            </select>
          </label>
          {(condition.operator === 'oneOf' || condition.operator === 'notOneOf') && (
            <Values doc={doc} condition={condition} onChange={(values) => update(at, { values })} />
          )}
          <button type="button" className="fc-btn" onClick={() => onChange(conditions.filter((_, i) => i !== at))}>
            {t('Remove rule')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="fc-btn"
        disabled={!candidates.length}
        onClick={() => onChange([...conditions, { key: candidates[0]!.key, operator: 'filled', values: [] }])}
      >
        {t('Add rule')}
      </button>
    </div>
  );
}
