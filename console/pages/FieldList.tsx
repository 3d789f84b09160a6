// The fields of a detail document as a description list (detail pages and the item header).
import type { FormatContext } from '../../engine/format/formatters';
import type { PageDocument } from '../../engine/pages/types';
import { Cell } from './Cell';

interface Props {
  fields: PageDocument['fields'];
  item: Record<string, unknown>;
  ctx: FormatContext;
  className: string;
}

export function FieldList({ fields, item, ctx, className }: Props) {
  return (
    <dl className={className}>
      {(fields ?? []).map((field) => (
        <div key={field.key}>
          <dt>{field.title}</dt>
          <dd>
            <Cell column={field} row={item} ctx={ctx} placeholder="—" focusableTime />
          </dd>
        </div>
      ))}
    </dl>
  );
}
