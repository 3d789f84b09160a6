/** Inline icons (stroke, currentColor), decorative: callers give the accessible name. */
const paths: Record<string, string> = {
  devices: 'M4 6h16v10H4z M8 20h8 M12 16v4',
  connect: 'M4 12h5l2-3 2 6 2-3h5',
  vpn: 'M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6z',
  admin: 'M16 11a4 4 0 1 0-8 0 M4 20c1-4 4-6 8-6s7 2 8 6',
  system: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M12 2v3 M12 19v3 M2 12h3 M19 12h3',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z M20 20l-4-4',
  megaphone: 'M3 11v2h3l6 4V7L6 11z M16 9a4 4 0 0 1 0 6',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  chevron: 'M9 6l6 6-6 6',
  collapse: 'M15 6l-6 6 6 6',
  up: 'M6 15l6-6 6 6',
  close: 'M6 6l12 12 M18 6L6 18',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c1-4 4-6 8-6s7 2 8 6',
};

export function Icon({ name, size = 18 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name] ?? paths.chevron} />
    </svg>
  );
}
