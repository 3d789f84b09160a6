// Port to service names (forms spec §9).
export const PORT_SERVICES: Readonly<Record<number, string>> = {
  22: 'ssh/sftp',
  23: 'telnet',
  80: 'http',
  443: 'https',
  3389: 'rdp',
  5900: 'vnc',
};

export function portService(port: unknown): string | undefined {
  const n = typeof port === 'number' ? port : Number(port);
  return Number.isInteger(n) ? PORT_SERVICES[n] : undefined;
}

/** "443 (https)" for a known port, the bare number otherwise. */
export function formatPort(port: unknown): string {
  if (port === null || port === undefined || port === '') return '';
  const service = portService(port);
  return service ? `${port} (${service})` : String(port);
}
