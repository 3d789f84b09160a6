import { useEffect, useState } from 'react';
import type { FormDocument } from '../../engine/schema/types';
import { getIn, keyFollowsLabel, renameField, setIn, setLabel } from '../../engine/studio/edit';
import { FORM_PROPERTIES, fieldPropertyGroups, type PropertyModel } from '../../engine/studio/properties';
import { setConditions, type RuleProperty } from '../../engine/studio/rules';
import { listLookupNames, listPermissions, storedKeys, type StoredKeys } from './api';
import { useLoaded } from './useLoaded';
import { OptionsEditor } from './OptionsEditor';
import { PropertyInput, type PickerLists } from './PropertyInput';
import { RoutePicker } from './RoutePicker';
import { RuleBuilder } from './RuleBuilder';
import { t } from '../../engine/i18n/i18n';

// The properties of the selected field, or of the form itself, generated from the form
// meta-schema (engine/studio/properties.ts): the ones the field's kind needs first, the
// rest under "More properties". Every change is one of engine/studio's pure edits.

export interface PropertyPanelProps {
  doc: FormDocument;
  selected: number | undefined;
  /** Keys of the published version: a field already there keeps its key when relabelled. */
  publishedKeys: readonly string[];
  onChange(doc: FormDocument, group?: string): void;
}

function usePickerLists(): PickerLists {
  const [lists, setLists] = useState<PickerLists>({ permissions: [], lookups: [] });
  useEffect(() => {
    void Promise.all([listPermissions(), listLookupNames()]).then(([permissions, lookups]) =>
      setLists({ permissions, lookups }),
    );
  }, []);
  return lists;
}

/** Where a field's value is kept: the resource's own column, a custom field of it, or nowhere. */
function storageNote(key: string, storage: StoredKeys | undefined): string | undefined {
  if (!storage) return undefined;
  if (!storage.resource) return t('Not kept: no resource stores what this form sends.');
  return storage.stored.includes(key)
    ? t('Stored by the resource ({resource}).', { resource: storage.resource })
    : t('Kept as a custom field of {resource}.', { resource: storage.resource });
}

export function PropertyPanel({ doc, selected, publishedKeys, onChange }: PropertyPanelProps) {
  const lists = usePickerLists();
  const field = selected === undefined ? undefined : doc.fields[selected];
  const storage = useLoaded(doc.endpoint ? `${doc.method ?? 'post'} ${doc.endpoint}` : undefined, storedKeys);

  function row(model: PropertyModel) {
    if (field === undefined || selected === undefined) {
      const set = (value: unknown, group?: string) => onChange(setIn(doc, [model.name], value), group);
      return (
        <PropertyInput
          key={model.name}
          model={model}
          value={getIn(doc, [model.name])}
          lists={lists}
          onChange={set}
          extra={
            model.name === 'endpoint' && (
              <RoutePicker
                label={t('Pick an endpoint of the API')}
                onPick={(route) =>
                  onChange(setIn(setIn(doc, ['endpoint'], route.path), ['method'], route.method.toLowerCase()))
                }
              />
            )
          }
        />
      );
    }
    const at = selected;
    const set = (value: unknown, group?: string) => {
      if (model.name === 'key') return onChange(renameField(doc, at, String(value ?? '')), `${at}.key`);
      if (model.name === 'label')
        return onChange(
          setLabel(doc, at, String(value ?? ''), !publishedKeys.includes(field.key) && keyFollowsLabel(field)),
          `${at}.label`,
        );
      onChange(setIn(doc, ['fields', at, model.name], value), group && `${at}.${group}`);
    };
    const custom =
      model.input === 'rules'
        ? (labelId: string) => (
            <RuleBuilder
              doc={doc}
              index={at}
              property={model.name as RuleProperty}
              labelId={labelId}
              onChange={(conditions) => onChange(setConditions(doc, at, model.name as RuleProperty, conditions))}
            />
          )
        : model.input === 'options'
          ? (labelId: string) => <OptionsEditor value={field.options} labelId={labelId} lists={lists} onChange={set} />
          : undefined;
    return (
      <PropertyInput
        key={model.name}
        model={model}
        value={getIn(field, [model.name])}
        lists={lists}
        onChange={set}
        custom={custom}
        extra={
          model.name === 'key' &&
          field.component !== 'BaseAlert' && <p className="studio-prop__note">{storageNote(field.key, storage)}</p>
        }
      />
    );
  }

  const groups = field ? fieldPropertyGroups(field) : FORM_PROPERTIES;
  return (
    <section className="studio-properties" aria-labelledby="studio-properties-title">
      <h3 id="studio-properties-title">
        {field ? t('Properties of {name}', { name: field.label || field.key }) : t('Properties of the form')}
      </h3>
      {groups.main.map(row)}
      {groups.more.length > 0 && (
        <details className="studio-properties__more">
          <summary>{t('More properties')}</summary>
          {groups.more.map(row)}
        </details>
      )}
    </section>
  );
}
