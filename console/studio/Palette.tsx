import { useDraggable } from '@dnd-kit/core';
import { PALETTE, type PaletteEntry } from '../../engine/studio/palette';
import { t } from '../../engine/i18n/i18n';

// The palette: a button per field type and component of the meta-schema, named by it
// ("Text", "Number", "ItemSelect"). A click (or Enter) adds the field after the
// selected one; with a pointer it can also be dragged onto the canvas.

export const paletteId = (entry: PaletteEntry) => `palette:${entry.name}`;

function PaletteButton({ entry, onAdd }: { entry: PaletteEntry; onAdd(entry: PaletteEntry): void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(entry), data: { entry } });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className="fc-btn studio-palette__item"
        data-dragging={isDragging || undefined}
        // The pointer drags; the keyboard adds with the click, so Enter and Space stay the button's.
        onPointerDown={listeners?.onPointerDown as React.PointerEventHandler | undefined}
        onClick={() => onAdd(entry)}
      >
        {entry.name}
      </button>
    </li>
  );
}

export function Palette({ onAdd }: { onAdd(entry: PaletteEntry): void }) {
  return (
    <section className="studio-palette" aria-labelledby="studio-palette-title">
      <h3 id="studio-palette-title">{t('Add a field')}</h3>
      <ul>
        {PALETTE.map((entry) => (
          <PaletteButton key={entry.name} entry={entry} onAdd={onAdd} />
        ))}
      </ul>
    </section>
  );
}
