import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import { transferPercent, transfers, type Transfer } from '../../engine/http/transfers';
import './transfers.css';

function TransferItem({ transfer }: { transfer: Transfer }) {
  const percent = transferPercent(transfer);
  const name = { name: transfer.label };
  const text = transfer.direction === 'upload' ? t('Uploading {name}', name) : t('Downloading {name}', name);
  return (
    <li className="transfer-progress__item">
      <span className="transfer-progress__label">{text}</span>
      {/* Without a known size the bar is indeterminate. */}
      <progress max={100} value={percent} aria-label={text} />
      {percent !== undefined && <span className="transfer-progress__percent">{percent} %</span>}
    </li>
  );
}

/** The progress of every running file upload and blob download (the HTTP client records them). */
export function TransferProgress() {
  const snap = useSnapshot(transfers);
  if (snap.list.length === 0) return null;
  return (
    <ul className="transfer-progress" aria-label={t('File transfers')}>
      {snap.list.map((transfer) => (
        <TransferItem key={transfer.id} transfer={transfer as Transfer} />
      ))}
    </ul>
  );
}
