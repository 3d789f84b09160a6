// A colour as an operator reads it: a swatch beside its hex code (the code stays the text, for copying and for
// readers that cannot see the swatch).
import './color-swatch.css';

export function ColorSwatch({ color, label }: { color: string; label?: string }) {
  return (
    <span className="color-swatch">
      <span className="color-swatch__chip" aria-hidden="true" style={{ backgroundColor: color }} />
      {label ?? color}
    </span>
  );
}
