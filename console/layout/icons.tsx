/** Inline icons (stroke, currentColor), decorative: callers give the accessible name. */
const paths: Record<string, string> = {
  devices: 'M4 6h16v10H4z M8 20h8 M12 16v4',
  connect: 'M4 12h5l2-3 2 6 2-3h5',
  vpn: 'M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6z',
  admin: 'M16 11a4 4 0 1 0-8 0 M4 20c1-4 4-6 8-6s7 2 8 6',
  system: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M12 2v3 M12 19v3 M2 12h3 M19 12h3',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0',
  warning: 'M12 3l10 18H2z M12 10v5 M12 18h.01',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z M20 20l-4-4',
  megaphone: 'M3 11v2h3l6 4V7L6 11z M16 9a4 4 0 0 1 0 6',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  chevron: 'M9 6l6 6-6 6',
  collapse: 'M15 6l-6 6 6 6',
  up: 'M6 15l6-6 6 6',
  close: 'M6 6l12 12 M18 6L6 18',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c1-4 4-6 8-6s7 2 8 6',
  down: 'M6 9l6 6 6-6',
  columns: 'M4 5h16v14H4z M10 5v14 M15 5v14',
  grip: 'M9 6h.01 M15 6h.01 M9 12h.01 M15 12h.01 M9 18h.01 M15 18h.01',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  reload: 'M20 12a8 8 0 1 1-2.3-5.7 M20 4v5h-5',
  download: 'M12 4v11 M7 10l5 5 5-5 M4 20h16',
  table: 'M3 5h18v14H3z M3 10h18 M3 15h18 M9 10v9',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2z M9 4v14 M15 6v14',
  // Side menu entries (menuIcons below).
  router: 'M3 14h18v6H3z M7 17h.01 M11 17h.01 M8 14L6 8 M16 14l2-6',
  wifi: 'M2 9a15 15 0 0 1 20 0 M5 12.5a10 10 0 0 1 14 0 M8.5 16a5 5 0 0 1 7 0 M12 19.5h.01',
  tasks: 'M10 6h10 M10 12h10 M10 18h10 M4 6l1 1 2-2 M4 12l1 1 2-2 M4 18l1 1 2-2',
  report: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 13h7 M9 17h7',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  pulse: 'M3 12h4l3-8 4 16 3-8h4',
  terminal: 'M3 4h18v12H3z M7 20h10 M7 8l3 2-3 2 M12 12h4',
  history: 'M3 12a9 9 0 1 0 3-6.7 M3 4v4h4 M12 7v5l3 2',
  hub: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z M12 2v7 M12 15v7 M2 12h7 M15 12h7',
  quickVpn: 'M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6z M13 7l-3 5h4l-3 5',
  building: 'M4 21V4h10v17 M14 9h6v12 M2 21h20 M8 8h2 M8 12h2 M8 16h2 M17 13h.01 M17 17h.01',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M2 21c1-4 3.5-6 7-6s6 2 7 6 M16 3.5a4 4 0 0 1 0 7 M19 15c1.5.8 2.5 2.8 3 6',
  tag: 'M3 12V3h9l9 9-9 9z M7.5 7.5h.01',
  folder: 'M3 6h6l2 2h10v11H3z',
  coins:
    'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3z M4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7 M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  chart: 'M3 21h18 M6 18v-7 M11 18V5 M16 18v-4 M20 18V9',
  chip: 'M7 7h10v10H7z M10 3v4 M14 3v4 M10 17v4 M14 17v4 M3 10h4 M3 14h4 M17 10h4 M17 14h4',
  approved: 'M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6z M9 12l2 2 4-4',
  mail: 'M3 5h18v14H3z M3 6l9 7 9-7',
  studio: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  swap: 'M4 8h15l-3-3 M20 16H5l3 3',
  // An entry a product owner added to the side menu (a form: engine/routes/menu-additions.ts).
  form: 'M6 3h12v18H6z M9 8h6 M9 12h6 M9 16h3',
};

/**
 * The names of the drawn icons.
 * @internal For the icon check: every menu entry names a drawn icon.
 */
export const iconNames = Object.keys(paths);

/** The icon of each side menu entry, by its label (shell spec §2 names). */
export const menuIcons: Record<string, string> = {
  Devices: 'router',
  'Wi-Fi & Hotspots': 'wifi',
  'Task manager': 'tasks',
  Reports: 'report',
  'Alerts & Automations': 'bolt',
  'Monitoring templates': 'pulse',
  'Remote access': 'terminal',
  'Access history': 'history',
  'VPN hubs': 'hub',
  'VPN quick connect': 'quickVpn',
  Companies: 'building',
  Users: 'users',
  Tags: 'tag',
  Files: 'folder',
  Resources: 'coins',
  Statistics: 'chart',
  'Global firmware': 'chip',
  'Approved devices': 'approved',
  'Mail logs': 'mail',
  'Form studio': 'studio',
  'Move device resources': 'swap',
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
