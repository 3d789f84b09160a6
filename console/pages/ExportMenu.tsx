// Export of a list in the operator's terms: CSV or Excel (XLSX) of what the
// table shows (its visible columns, words and labels in the chosen language,
// times in the chosen time zone with their offset), fetched a page at a time
// with its progress told; or the server's streamed CSV of raw values, for
// scripts. The menu is the console's menu button (ActionMenu).
import { useRef, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import { fetchAllRows } from '../../engine/pages/fetch-list';
import { exportFileName, exportTable, toCsv, toXlsx, type ExportColumn } from '../../engine/pages/export-table';
import type { ListState } from '../../engine/pages/list-state';
import type { Scope } from '../../engine/pages/template';
import type { PageAction, PageDocument } from '../../engine/pages/types';
import { showToast } from '../../engine/stores/toasts';
import { Icon } from '../layout/icons';
import { ActionMenu } from './ActionMenu';
import { formatContext } from './format-context';
import { saveBlob, saveUrl } from '../../renderer/files/downloadFile';

interface Props {
  doc: PageDocument;
  state: ListState;
  scope: Scope;
  columns: readonly ExportColumn[];
  /** The server's raw CSV of the filtered list (exportUrl). */
  rawUrl: string;
}

export function ExportMenu({ doc, state, scope, columns, rawUrl }: Props) {
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const running = useRef<AbortController | undefined>(undefined);
  const actions: PageAction[] = [
    { key: 'csv', label: t('CSV') },
    { key: 'xlsx', label: t('Excel (XLSX)') },
    { key: 'raw', label: t('CSV with raw values') },
  ];
  const ctx = formatContext();
  const base = exportFileName(doc.title, new Date(), ctx.timeZone);

  async function run(action: PageAction) {
    if (action.key === 'raw') return saveUrl(rawUrl, `${base}.csv`);
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchAllRows(
        doc,
        state,
        scope,
        (done, total) => setProgress({ done, total }),
        controller.signal,
      );
      const table = exportTable(columns, rows, ctx);
      if (action.key === 'xlsx') saveBlob(await toXlsx(table, doc.title), `${base}.xlsx`);
      else saveBlob(new Blob([await toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
    } catch {
      if (!controller.signal.aborted) showToast({ message: t('The export failed. Please try again.'), type: 'error' });
    } finally {
      running.current = undefined;
      setProgress(undefined);
    }
  }

  return (
    <>
      <ActionMenu
        actions={actions}
        disabled={!!progress}
        onRun={(action) => void run(action)}
        label={
          <>
            <Icon name="download" size={16} />
            <span className="page-tool-label">{t('Export')}</span>
          </>
        }
      />
      {progress && (
        <span className="page-export-progress" role="status">
          {t('Exporting {done} of {total}…', { done: progress.done, total: progress.total })}
          <button type="button" className="fc-btn" onClick={() => running.current?.abort()}>
            {t('Cancel')}
          </button>
        </span>
      )}
    </>
  );
}
