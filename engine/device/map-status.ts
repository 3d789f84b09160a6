// A map cluster's devices by connection status: counted as the clusters are built (supercluster's map and
// reduce), the cluster coloured by its worst status and its split told on hover and focus.
import { connectionStatus, type ConnectionStatus } from './status';

/** Worst first: an offline device is what an operator looks for, then one stuck pending, then not activated. */
export const STATUS_SEVERITY: readonly ConnectionStatus[] = ['Offline', 'Pending', 'Not Activated', 'Online'];

export type StatusCounts = Record<ConnectionStatus, number>;

const none = (): StatusCounts => ({ Offline: 0, Pending: 0, 'Not Activated': 0, Online: 0 });

/** Supercluster's map and reduce: each point counts as one of its status, a cluster sums its children. */
export const statusCounting = {
  map: (point: { status?: number }): StatusCounts => ({ ...none(), [connectionStatus(point.status)]: 1 }),
  reduce: (into: StatusCounts, child: Readonly<StatusCounts>): void => {
    for (const status of STATUS_SEVERITY) into[status] += child[status];
  },
};

/** The worst status any device of the counts has (Online when they are all online, or there are none). */
export function worstStatus(counts: Readonly<StatusCounts>): ConnectionStatus {
  return STATUS_SEVERITY.find((status) => counts[status] > 0) ?? 'Online';
}

/** The statuses present, worst first, with their counts: "Offline: 2, Online: 14" in the console's language. */
export function statusSplit(counts: Readonly<StatusCounts>, translate: (text: string) => string): string {
  return STATUS_SEVERITY.filter((status) => counts[status] > 0)
    .map((status) => `${translate(status)}: ${counts[status]}`)
    .join(', ');
}
