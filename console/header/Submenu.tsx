import { useId, useState, type ReactNode } from 'react';

/** A disclosure inside the account menu (button with aria-expanded and its region). */
export function Submenu({ label, children, detail }: { label: string; detail?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="submenu">
      <button
        type="button"
        className="menu-item"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span>{label}</span>
        {detail && <span className="muted">{detail}</span>}
      </button>
      <div id={id} className="submenu-body" hidden={!open}>
        {open && children}
      </div>
    </li>
  );
}
