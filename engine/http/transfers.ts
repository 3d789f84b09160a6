import { proxy } from 'valtio/vanilla';

// Progress of file uploads and blob downloads (80 MB firmware and backup
// files): the HTTP client records every transfer here and the renderer shows it.

export type TransferDirection = 'upload' | 'download';

export interface Transfer {
  id: number;
  direction: TransferDirection;
  label: string;
  loaded: number;
  /** Bytes expected; undefined while the size is unknown. */
  total?: number;
}

export const transfers = proxy<{ list: Transfer[] }>({ list: [] });

let nextId = 1;

export function startTransfer(direction: TransferDirection, label: string): number {
  const id = nextId++;
  transfers.list.push({ id, direction, label, loaded: 0 });
  return id;
}

export function updateTransfer(id: number, loaded: number, total?: number): void {
  const transfer = transfers.list.find((item) => item.id === id);
  if (!transfer) return;
  transfer.loaded = loaded;
  if (total) transfer.total = total;
}

export function endTransfer(id: number): void {
  const index = transfers.list.findIndex((item) => item.id === id);
  if (index >= 0) transfers.list.splice(index, 1);
}

/** Whole percent done, or undefined while the size is unknown. */
export function transferPercent(transfer: Pick<Transfer, 'loaded' | 'total'>): number | undefined {
  if (!transfer.total) return undefined;
  return Math.min(100, Math.round((transfer.loaded / transfer.total) * 100));
}
