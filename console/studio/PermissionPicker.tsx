import { SYNTHETIC_PERMISSIONS } from '../../engine/permissions/can';
import type { PermissionRow } from './api';

// The permission property as a choice of the permissions there are: the server's permission list (by title),
// then the names only documents check (the synthetic permissions, super_admin, the session and app flags), and
// any name the document already has that neither lists. One chosen is a name, several a list (all of them are
// needed), none removes the property.

const DOCUMENT_ONLY = [
  ...SYNTHETIC_PERMISSIONS,
  'super_admin',
  'show_payment_control',
  'show_payment',
  'default_theme',
];

interface Props {
  id: string;
  help?: string;
  value: unknown;
  permissions: readonly PermissionRow[];
  onChange(value: string | string[] | undefined): void;
}

export function PermissionPicker({ id, help, value, permissions, onChange }: Props) {
  const chosen = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  const known = new Set(permissions.map((p) => p.name));
  const others = [...new Set([...DOCUMENT_ONLY, ...chosen])].filter((name) => !known.has(name));
  return (
    <select
      id={id}
      aria-describedby={help}
      className="fc-input studio-prop__permissions"
      multiple
      size={6}
      value={chosen}
      onChange={(e) => {
        const names = [...e.target.selectedOptions].map((option) => option.value);
        // The document's own order stays; a name added comes after it.
        const next = [...chosen.filter((n) => names.includes(n)), ...names.filter((n) => !chosen.includes(n))];
        onChange(next.length > 1 ? next : next[0]);
      }}
    >
      {permissions.map((p) => (
        <option key={p.name} value={p.name}>
          {p.title} ({p.name})
        </option>
      ))}
      {others.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
