import { useEffect, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FieldSchema, FormDocument } from '../../engine/schema/types';
import { FieldDrawing } from './FieldDrawing';
import { t } from '../../engine/i18n/i18n';

// The canvas: the form's fields in order, each drawn by the renderer, selectable
// (its name button), movable (drag its handle with the pointer or, Space then the
// arrow keys, the keyboard; or Move up / Move down), copyable and removable. The
// form's own title selects the form itself. A tool used from the keyboard keeps the
// focus where the work goes on: on the moved field's move button, the copy's Copy,
// the field selected after a removal (the form's title when none is left selected).

export const fieldId = (field: FieldSchema) => `field:${field.key}`;
export const CANVAS_END = 'canvas:end';

export interface CanvasProps {
  doc: FormDocument;
  selected: number | undefined;
  onSelect(index: number | undefined): void;
  onMove(from: number, to: number): void;
  onCopy(index: number): void;
  onRemove(index: number): void;
}

const fieldName = (field: FieldSchema) => field.label || field.key;
const kindName = (field: FieldSchema) => field.component ?? field.type ?? 'text';

/** The tool of the selected field that takes the focus once an edit is drawn, in order of preference. */
type Tool = 'up' | 'down' | 'copy' | 'select';

interface ItemProps extends Omit<CanvasProps, 'doc' | 'selected' | 'onSelect'> {
  field: FieldSchema;
  index: number;
  count: number;
  endpoint: string;
  selected: boolean;
  onSelect(): void;
}

function CanvasItem({ field, index, count, endpoint, selected, onSelect, onMove, onCopy, onRemove }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: fieldId(field),
    data: { index },
  });
  const name = fieldName(field);
  return (
    <li
      ref={setNodeRef}
      className="studio-canvas__item"
      data-selected={selected || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className="studio-canvas__bar">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="studio-canvas__handle"
          {...attributes}
          {...listeners}
          aria-label={t('Drag {name}', { name })}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button
          type="button"
          className="studio-canvas__select"
          data-tool="select"
          aria-pressed={selected}
          onClick={onSelect}
        >
          {name} <small>{kindName(field)}</small>
        </button>
        {selected && (
          <span className="studio-canvas__tools">
            <button
              type="button"
              className="fc-btn"
              data-tool="up"
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              {t('Move up')}
            </button>
            <button
              type="button"
              className="fc-btn"
              data-tool="down"
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              {t('Move down')}
            </button>
            <button type="button" className="fc-btn" data-tool="copy" onClick={() => onCopy(index)}>
              {t('Copy')}
            </button>
            <button type="button" className="fc-btn" disabled={count === 1} onClick={() => onRemove(index)}>
              {t('Remove')}
            </button>
          </span>
        )}
      </div>
      {/* A click on the drawing selects the field too (the drawing itself is inert). */}
      <div onClick={onSelect}>
        <FieldDrawing field={JSON.stringify(field)} endpoint={endpoint} />
      </div>
    </li>
  );
}

export function Canvas({ doc, selected, onSelect, onMove, onCopy, onRemove }: CanvasProps) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_END });
  const section = useRef<HTMLElement>(null);
  const focusNext = useRef<Tool[]>(undefined);

  useEffect(() => {
    const tools = focusNext.current;
    if (!tools || !section.current) return;
    focusNext.current = undefined;
    const item = section.current.querySelector('.studio-canvas__item[data-selected]');
    const button = tools
      .map((tool) => item?.querySelector<HTMLButtonElement>(`[data-tool="${tool}"]:not(:disabled)`))
      .find(Boolean);
    (button ?? section.current.querySelector<HTMLButtonElement>('.studio-canvas__form'))?.focus();
  }, [doc, selected]);

  const edits = {
    onMove(from: number, to: number) {
      focusNext.current = to < from ? ['up', 'down', 'select'] : ['down', 'up', 'select'];
      onMove(from, to);
    },
    onCopy(index: number) {
      focusNext.current = ['copy', 'select'];
      onCopy(index);
    },
    onRemove(index: number) {
      focusNext.current = ['select'];
      onRemove(index);
    },
  };

  return (
    <section ref={section} className="studio-canvas" aria-label={t('Canvas')} data-over={isOver || undefined}>
      <h3>
        <button
          type="button"
          className="studio-canvas__form"
          aria-pressed={selected === undefined}
          onClick={() => onSelect(undefined)}
        >
          {doc.title || t('Untitled form')}
        </button>
      </h3>
      <SortableContext items={doc.fields.map(fieldId)} strategy={verticalListSortingStrategy}>
        <ol className="studio-canvas__list" aria-label={t('Fields')}>
          {doc.fields.map((field, index) => (
            <CanvasItem
              key={field.key}
              field={field}
              index={index}
              count={doc.fields.length}
              endpoint={doc.endpoint}
              selected={selected === index}
              onSelect={() => onSelect(index)}
              {...edits}
            />
          ))}
        </ol>
      </SortableContext>
      <p ref={setNodeRef} className="studio-canvas__end">
        {t('Drop a field here to add it at the end.')}
      </p>
    </section>
  );
}
