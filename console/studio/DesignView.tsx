import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { FormDocument } from '../../engine/schema/types';
import { addField, copyField, moveField, removeField } from '../../engine/studio/edit';
import type { PaletteEntry } from '../../engine/studio/palette';
import { Canvas, CANVAS_END, fieldId } from './Canvas';
import { Palette } from './Palette';
import { t } from '../../engine/i18n/i18n';

// The Design view of a form draft: the palette and the canvas (the selected field's
// properties are beside it, in the Properties panel). Every edit is one of engine/studio's pure edits of
// the document, handed up as a new document; the Source view shows the same draft.

export interface DesignViewProps {
  doc: FormDocument;
  /** The selected field's index; undefined: the form itself. */
  selected: number | undefined;
  onSelect(index: number | undefined): void;
  /** A new document; group names a kind of typing (its quick runs undo as one step). */
  onChange(doc: FormDocument, group?: string): void;
}

export function DesignView({ doc, selected, onSelect: setChosen, onChange }: DesignViewProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: unknown) => doc.fields.findIndex((f) => fieldId(f) === id);
  const nameOf = (id: unknown): string => {
    const field = doc.fields[indexOf(id)];
    if (field) return field.label || field.key;
    return String(id).replace(/^palette:/, '');
  };

  function add(entry: PaletteEntry, at = selected === undefined ? doc.fields.length : selected + 1) {
    const next = addField(doc, entry, at);
    onChange(next.doc);
    setChosen(next.index);
  }

  function move(from: number, to: number) {
    onChange(moveField(doc, from, to));
    setChosen(Math.max(0, Math.min(to, doc.fields.length - 1)));
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const entry = (active.data.current as { entry?: PaletteEntry } | undefined)?.entry;
    const target = over.id === CANVAS_END ? doc.fields.length : indexOf(over.id);
    if (entry) add(entry, target);
    else if (target >= 0) move(indexOf(active.id), Math.min(target, doc.fields.length - 1));
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('Picked up {name}.', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('{name} is over {over}.', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('{name} was dropped over {over}.', { name: nameOf(active.id), over: nameOf(over.id) })
        : t('{name} was dropped.', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('Dragging was cancelled. {name} was dropped.', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t(
            'To pick up a field, press Space or Enter. Move it with the arrow keys, drop it with Space or Enter, cancel with Escape.',
          ),
        },
      }}
    >
      <div className="studio-design">
        <Palette onAdd={(entry) => add(entry)} />
        <Canvas
          doc={doc}
          selected={selected}
          onSelect={setChosen}
          onMove={move}
          onCopy={(index) => {
            const next = copyField(doc, index);
            onChange(next.doc);
            setChosen(next.index);
          }}
          onRemove={(index) => {
            onChange(removeField(doc, index));
            setChosen(index > 0 ? index - 1 : undefined);
          }}
        />
      </div>
    </DndContext>
  );
}
