import { useMemo } from 'react';
import { activeSource, isLookupSwitch, type PlainOptionsSource } from '../../engine/schema/lookup-switch';
import type { OptionsSource } from '../../engine/schema/types';
import type { FieldStore } from '../../engine/form/store';
import { useField } from '../form/useFormController';

/** The options source in effect: a lookup switch's chosen lookup, followed as the choosing value changes. */
export function useActiveSource(source: OptionsSource | undefined, store: FieldStore): PlainOptionsSource | undefined {
  const by = isLookupSwitch(source) ? source.lookupBy : '';
  const chooser = useField(store, by).value;
  return useMemo(() => activeSource(source, by ? { [by]: chooser } : {}), [source, by, chooser]);
}
