import RjsfForm from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { compileForm } from '../../engine/schema/compile';
import type { FormDocument } from '../../engine/schema/types';
import { FormRunner, renderSchema } from '../../renderer/form/FormRunner';

// The four contenders on the same generated document: our engine (FormRunner
// with depends, formatters and the theme), plain @rjsf/core with its default
// theme on the same JSON Schema, JSON Forms with vanilla renderers, and
// react-hook-form with registered native inputs.

export type Contender = 'engine' | 'rjsf' | 'jsonforms' | 'rhf';

function Engine({ doc }: { doc: FormDocument }) {
  return <FormRunner name="bench" doc={doc} onClose={() => undefined} onCancel={() => undefined} />;
}

function PlainRjsf({ doc }: { doc: FormDocument }) {
  const compiled = compileForm(doc, { permissions: [] });
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <RjsfForm
      schema={renderSchema(compiled.schema) as RJSFSchema}
      formData={data}
      validator={validator}
      noValidate
      onChange={(e) => setData(e.formData as Record<string, unknown>)}
    />
  );
}

function JsonFormsContender({ doc }: { doc: FormDocument }) {
  const compiled = compileForm(doc, { permissions: [] });
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <JsonForms
      schema={renderSchema(compiled.schema) as never}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      validationMode="NoValidation"
      onChange={({ data: next }) => setData(next as Record<string, unknown>)}
    />
  );
}

function ReactHookForm({ doc }: { doc: FormDocument }) {
  const { register, handleSubmit } = useForm();
  return (
    <form onSubmit={handleSubmit(() => undefined)}>
      {doc.fields.map((f) => (
        <div key={f.key}>
          <label htmlFor={`root_${f.key}`}>{f.label}</label>
          {f.type === 'select' ? (
            <select id={`root_${f.key}`} {...register(f.key)}>
              <option value="a">A</option>
              <option value="b">B</option>
            </select>
          ) : (
            <input
              id={`root_${f.key}`}
              type={f.type === 'checkbox' ? 'checkbox' : f.type === 'number' ? 'number' : 'text'}
              {...register(f.key)}
            />
          )}
        </div>
      ))}
    </form>
  );
}

export const contenders: Record<Contender, (props: { doc: FormDocument }) => ReactElement> = {
  engine: Engine,
  rjsf: PlainRjsf,
  jsonforms: JsonFormsContender,
  rhf: ReactHookForm,
};

/** The text input the keystroke test types into, per contender. */
export function keystrokeTarget(root: HTMLElement, contender: Contender, key: string): HTMLInputElement | null {
  if (contender === 'jsonforms') {
    return (
      [...root.querySelectorAll<HTMLInputElement>('input')].find((i) => i.id.includes(`/properties/${key}`)) ?? null
    );
  }
  return root.querySelector<HTMLInputElement>(`#root_${key}`);
}
