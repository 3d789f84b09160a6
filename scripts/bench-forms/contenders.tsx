import RjsfForm from '@rjsf/core';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Generate, type UISchemaElement } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { compileForm } from '../../engine/schema/compile';
import type { FormDocument } from '../../engine/schema/types';
import { FormRunner, renderSchema } from '../../renderer/form/FormRunner';
import { shownValues } from './documents';

// The four contenders on the same generated document, each as its own
// documentation advises: our engine (FormRunner with depends, formatters and
// the theme), plain @rjsf/core with its default theme on the same JSON Schema
// (schema memoised), JSON Forms with vanilla renderers (schema and UI schema
// memoised, as its docs ask, or it regenerates the UI schema on every render),
// and react-hook-form with registered native inputs (defaultValues) inside one
// wrapper element: each field's element appended straight into the <form>
// made its mount quadratic in Chromium (2,000 fields: 8-20 s, of which most
// was self time in React's completeWork, the step that appends a new element's
// children; with the wrapper, as rjsf's fieldset and the engine's runs have,
// completeWork left the profile and 2,000 fields mounted in about 1 s).
// Every contender starts from shownValues: all n fields are rendered, the
// engine's depends fields included (it had hidden 20% of them).
//
// `runs`: the peer lays its fields out in runs of 32 that skip off-screen
// layout (content-visibility: auto, bench page CSS), as the engine's form does.

export type Contender = 'engine' | 'rjsf' | 'jsonforms' | 'rhf';

interface Props {
  doc: FormDocument;
  runs: boolean;
}

const RUN = 32;

function inRuns<T>(items: T[], render: (item: T) => ReactNode): ReactNode[] {
  const runs: ReactNode[] = [];
  for (let i = 0; i < items.length; i += RUN)
    runs.push(
      <div className="bench-run" key={i}>
        {items.slice(i, i + RUN).map(render)}
      </div>,
    );
  return runs;
}

function Engine({ doc }: Props) {
  const options = useMemo(() => ({ data: shownValues(doc.fields.length) }), [doc]);
  return <FormRunner name="bench" doc={doc} options={options} onClose={() => undefined} onCancel={() => undefined} />;
}

function useRenderSchema(doc: FormDocument) {
  return useMemo(() => renderSchema(compileForm(doc, { permissions: [] }).schema), [doc]);
}

function RunsObjectTemplate({ properties }: ObjectFieldTemplateProps) {
  return <fieldset>{inRuns(properties, (p) => p.content)}</fieldset>;
}
const runsTemplates = { ObjectFieldTemplate: RunsObjectTemplate };

function PlainRjsf({ doc, runs }: Props) {
  const schema = useRenderSchema(doc);
  const [data, setData] = useState<Record<string, unknown>>(() => shownValues(doc.fields.length));
  return (
    <RjsfForm
      schema={schema as RJSFSchema}
      formData={data}
      validator={validator}
      noValidate
      templates={runs ? runsTemplates : undefined}
      onChange={(e) => setData(e.formData as Record<string, unknown>)}
    />
  );
}

/** Controls grouped in vertical layouts of RUN controls (the runs of the CSS). */
function runsUiSchema(keys: string[]): UISchemaElement {
  const elements: UISchemaElement[] = [];
  for (let i = 0; i < keys.length; i += RUN)
    elements.push({
      type: 'VerticalLayout',
      elements: keys.slice(i, i + RUN).map((k) => Generate.controlElement(`#/properties/${k}`)),
    } as UISchemaElement);
  return { type: 'VerticalLayout', elements } as UISchemaElement;
}

function JsonFormsContender({ doc, runs }: Props) {
  const schema = useRenderSchema(doc);
  const uischema = useMemo(
    () => (runs ? runsUiSchema(doc.fields.map((f) => f.key)) : Generate.uiSchema(schema as never)),
    [doc, runs, schema],
  );
  const [data, setData] = useState<Record<string, unknown>>(() => shownValues(doc.fields.length));
  return (
    <JsonForms
      schema={schema as never}
      uischema={uischema}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      validationMode="NoValidation"
      onChange={({ data: next }) => setData(next as Record<string, unknown>)}
    />
  );
}

function ReactHookForm({ doc, runs }: Props) {
  const { register, handleSubmit } = useForm({ defaultValues: shownValues(doc.fields.length) });
  const field = (f: FormDocument['fields'][number]) => (
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
  );
  return (
    <form onSubmit={handleSubmit(() => undefined)}>
      <div>{runs ? inRuns(doc.fields, field) : doc.fields.map(field)}</div>
    </form>
  );
}

export const contenders: Record<Contender, (props: Props) => ReactElement> = {
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

/** The form controls a contender rendered: what "the same number of controls" counts. */
export function renderedControls(root: HTMLElement): number {
  return root.querySelectorAll('input:not([type=hidden]), select, textarea, [role=combobox]:not(input)').length;
}
