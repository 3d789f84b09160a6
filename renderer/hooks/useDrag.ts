import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export interface Offset {
  x: number;
  y: number;
}

/** Keeps a rectangle moved by (dx, dy) inside the viewport; returns the allowed move. */
export function clampMove(rect: DOMRect, dx: number, dy: number, width: number, height: number): Offset {
  const x = Math.min(Math.max(dx, -rect.left), width - rect.right);
  const y = Math.min(Math.max(dy, -rect.top), height - rect.bottom);
  return { x, y };
}

/**
 * Drag by header or title: pointer moves translate the dialog, limited to the
 * viewport; disabled while `enabled` is false (fullscreen).
 */
export function useDrag(target: RefObject<HTMLElement | null>, enabled: boolean) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const start = useRef<{ px: number; py: number; base: Offset; rect: DOMRect } | null>(null);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || event.button !== 0 || !target.current) return;
      if ((event.target as Element).closest('button, a, input, select, textarea')) return;
      start.current = {
        px: event.clientX,
        py: event.clientY,
        base: offset,
        rect: target.current.getBoundingClientRect(),
      };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    [enabled, offset, target],
  );

  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    const s = start.current;
    if (!s) return;
    const move = clampMove(s.rect, event.clientX - s.px, event.clientY - s.py, window.innerWidth, window.innerHeight);
    setOffset({ x: s.base.x + move.x, y: s.base.y + move.y });
  }, []);

  const onPointerUp = useCallback(() => {
    start.current = null;
  }, []);

  return { offset: enabled ? offset : { x: 0, y: 0 }, handlers: { onPointerDown, onPointerMove, onPointerUp } };
}
