import { memo, useMemo } from 'react';
import type { FieldSchema, FormDocument } from '../../engine/schema/types';
import { FormRunner } from '../../renderer/form/FormRunner';
import { t } from '../../engine/i18n/i18n';

// One field of the canvas as the renderer draws it for operators: the form's own
// renderer over a form of that field alone, shown whatever its rules and permission
// say (the canvas shows every field) and inert (the canvas's buttons select and edit it).

const noop = () => undefined;

interface DrawingProps {
  /** The field's JSON text: a drawing is redone only when the field changes. */
  field: string;
  endpoint: string;
}

function Drawing({ field, endpoint }: DrawingProps) {
  const single = useMemo<FormDocument>(() => {
    const { depends: _depends, permission: _permission, ...shown } = JSON.parse(field) as FieldSchema;
    return { $schema: '../form.schema.json', title: shown.label ?? shown.key, endpoint, fields: [shown] };
  }, [field, endpoint]);
  if (single.fields[0]!.type === 'hidden') return <p className="studio-canvas__hidden">{t('Hidden field')}</p>;
  return (
    <div className="studio-canvas__drawing" inert>
      <FormRunner name="studio-canvas" doc={single} onClose={noop} onCancel={noop} />
    </div>
  );
}

export const FieldDrawing = memo(Drawing);
