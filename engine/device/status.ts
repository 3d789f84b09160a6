// Device states of forms spec §4.
export const CONNECTION_STATUSES = ['Offline', 'Online', 'Pending'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number] | 'Not Activated';

/** Connection status by index: 0 Offline, 1 Online, 2 Pending, otherwise Not Activated. */
export function connectionStatus(index: unknown): ConnectionStatus {
  const n = typeof index === 'string' && index.trim() !== '' ? Number(index) : index;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < CONNECTION_STATUSES.length
    ? CONNECTION_STATUSES[n]
    : 'Not Activated';
}

/** The CSS class of a status, `status-offline` or `status-not-activated`: table cells, markers and clusters. */
export const statusClass = (status: string): string => `status-${status.toLowerCase().replace(/\s+/g, '-')}`;

export function faceliftText(flag: unknown): 'Facelift device' | 'Not facelift device' {
  return flag === true || flag === 1 || flag === '1' ? 'Facelift device' : 'Not facelift device';
}

/** L2TP instance status: 1 all online/running, 2 all offline/stopped, 3 all disabled, 4 mixed. */
export function l2tpStatus(code: unknown): string {
  switch (Number(code)) {
    case 1:
      return 'All L2TP instances online';
    case 2:
      return 'All L2TP instances offline';
    case 3:
      return 'All L2TP instances disabled';
    case 4:
      return 'L2TP instances in mixed states';
    default:
      return 'No L2TP instances';
  }
}
