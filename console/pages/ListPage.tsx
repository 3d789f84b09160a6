// The generic list page: one page document over an endpoint with server-side
// paging, sorting, search and filters, selection across pages, row, toolbar
// and bulk actions, table preferences and a refresh interval.
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { pageSizesOf } from '../../engine/pages/list-state';
import { exportUrl, rowName } from '../../engine/pages/query';
import { visibleColumns, withExactTimes } from '../../engine/pages/preferences';
import { withFilterLabels } from '../../engine/pages/column-labels';
import { emptySelection, selectedIds, togglePage, toggleRow, type RowId } from '../../engine/pages/selection';
import type { Scope } from '../../engine/pages/template';
import type { PageAction, PageDocument } from '../../engine/pages/types';
import { ActionButtons, useAllowed } from './ActionButtons';
import { DataTable } from './DataTable';
import { Filters, SearchBox } from './Filters';
import { Pagination } from './Pagination';
import { RefreshSelect } from './RefreshSelect';
import { TablePreferences } from './TablePreferences';
import { useFormatContext } from './format-context';
import { useCustomColumns } from './useCustomColumns';
import { useListPage } from './useListPage';
import { usePageAction } from './usePageAction';
import { useListView, ViewSwitch } from './ViewSwitch';
import { useMediaQuery } from './useMediaQuery';
import './toolbar.css';
import { t } from '../../engine/i18n/i18n';
import { Icon } from '../layout/icons';
import { ExportMenu } from './ExportMenu';
import { Tooltip } from '../../renderer/tooltip/Tooltip';

/** Where the toolbar's tools show as icons only (toolbar.css hides their text there): their tooltip names them. */
const TOOLS_AS_ICONS = '(width <= 640px)';

// The map (Leaflet) loads only when the Map view opens: never with the table.
const ListMap = lazy(() => import('../map/ListMap').then((m) => ({ default: m.ListMap })));

interface Props {
  doc: PageDocument;
  name: string;
  scope: Scope;
  /** Nested in a tab: the heading is the tab's. */
  nested?: boolean;
}

export function ListPage({ doc: page, name, scope, nested }: Props) {
  const doc = useCustomColumns(page);
  const list = useListPage(doc, name, scope);
  const { state, setState, load, selection, setSelection } = list;
  const ctx = useFormatContext();
  const rowKey = doc.rowKey ?? 'id';
  const idOf = useCallback((row: Record<string, unknown>) => row[rowKey] as RowId, [rowKey]);
  const nameOf = useCallback((row: Record<string, unknown>) => rowName(row, rowKey), [rowKey]);
  const columns = useMemo(
    () => withFilterLabels(withExactTimes(visibleColumns(doc, list.prefs), list.prefs), doc.filters),
    [doc, list.prefs],
  );
  const runAction = usePageAction(list.reload);
  // A tool's tooltip only where its text is hidden: beside the visible text it would repeat it.
  const iconTools = useMediaQuery(TOOLS_AS_ICONS);
  const toolTip = (label: string) => (iconTools ? label : undefined);
  const params = scope as Record<string, string | undefined>;

  const run = (action: PageAction, target: { row?: Record<string, unknown>; ids?: RowId[] }) => {
    void runAction(action, { ...target, params }).then((result) => {
      if (result.kind === 'submitted' && target.ids) setSelection(emptySelection);
    });
  };
  const count = selection.ids.size;
  // Rows are selectable only for a bulk action the user may run: a guest gets no checkboxes that lead nowhere.
  const bulkAllowed = useAllowed(doc.bulkActions);
  const selectable = !!doc.selectable && bulkAllowed.length > 0;
  const filtered = state.q !== '' || Object.keys(state.filters).length > 0;
  const download = exportUrl(
    doc,
    state,
    scope,
    columns.map((column) => column.key),
  );
  const Heading = nested ? 'h2' : 'h1';
  const [view, setView] = useListView(doc.map);

  return (
    <section className="list-page" aria-labelledby={`${name}-title`}>
      <header className="page-header">
        <Heading id={`${name}-title`}>{doc.title}</Heading>
        {doc.description && <p>{doc.description}</p>}
        <ActionButtons actions={doc.toolbarActions} onRun={(action) => run(action, {})} />
      </header>
      <div className="page-toolbar">
        {doc.search && (
          <SearchBox
            search={doc.search}
            value={state.q}
            onChange={(q) => setState({ q, page: 1 }, { replace: true })}
          />
        )}
        <Filters filters={doc.filters} values={state.filters} onChange={(filters) => setState({ filters, page: 1 })} />
        <div className="page-tools">
          {doc.refresh !== false && <RefreshSelect value={list.refreshSeconds} onChange={list.setRefreshSeconds} />}
          <Tooltip content={toolTip(t('Reload'))}>
            <button type="button" className="fc-btn" onClick={list.reload}>
              <Icon name="reload" size={16} />
              <span className="page-tool-label">{t('Reload')}</span>
            </button>
          </Tooltip>
          {view === 'table' && <TablePreferences doc={doc} prefs={list.prefs} onChange={list.setPrefs} />}
          {download && (
            <Tooltip content={toolTip(t('Export'))}>
              <ExportMenu doc={doc} state={state} scope={scope} columns={columns} rawUrl={download} />
            </Tooltip>
          )}
          {doc.map && <ViewSwitch view={view} onChange={setView} />}
        </div>
      </div>
      {view === 'map' && (
        <Suspense fallback={<p aria-busy="true">{t('Loading…')}</p>}>
          <ListMap doc={doc} state={state} scope={scope} reloadToken={list.reloadToken} />
        </Suspense>
      )}
      {view === 'table' && selectable && (
        <div className="page-bulk" role="region" aria-label={t('Selection')}>
          <span aria-live="polite">{count === 0 ? t('No rows selected') : t('{count} selected', { count })}</span>
          {count > 0 && (
            <>
              <ActionButtons
                actions={doc.bulkActions}
                onRun={(action) => run(action, { ids: selectedIds(selection) })}
              />
              <button type="button" className="fc-btn" onClick={() => setSelection(emptySelection)}>
                {t('Clear selection')}
              </button>
            </>
          )}
        </div>
      )}
      {view === 'map' ? null : load.error ? (
        <div role="alert" className="page-error page-load-error">
          <p>{load.error}</p>
          <button type="button" className="fc-btn" onClick={list.reload}>
            {t('Retry')}
          </button>
        </div>
      ) : (
        <>
          <DataTable
            caption={doc.title}
            columns={columns}
            rows={load.rows}
            idOf={idOf}
            nameOf={nameOf}
            sort={state.sort}
            defaultSort={doc.defaultSort}
            onSort={(sort) => setState({ sort, page: 1 })}
            selection={selectable ? selection : undefined}
            onToggleRow={selectable ? (row) => setSelection(toggleRow(selection, idOf(row), row)) : undefined}
            onTogglePage={() => setSelection(togglePage(selection, load.rows, idOf))}
            rowActions={doc.rowActions}
            onRowAction={(action, row) => run(action, { row })}
            ctx={ctx}
            busy={load.loading}
            skeletonRows={Math.min(state.pageSize, 10)}
          />
          {!load.loading && load.rows.length === 0 && (
            <div className="page-empty">
              <p>{doc.empty ?? t('No records found')}</p>
              {filtered && (
                <button type="button" className="fc-btn" onClick={() => setState({ q: '', filters: {}, page: 1 })}>
                  {t('Clear filters')}
                </button>
              )}
            </div>
          )}
          {/* An empty answer says so above; a pager of "0–0 of 0" adds nothing (past page 1 it leads back). */}
          {!(load.answered && load.total === 0 && state.page === 1) && (
            <Pagination
              known={!!load.answered}
              page={state.page}
              pageSize={state.pageSize}
              total={load.total}
              pageSizes={pageSizesOf(doc)}
              onPage={(page) => setState({ page })}
              onPageSize={(pageSize) => {
                setState({ pageSize, page: 1 });
                list.setPrefs({ ...list.prefs, pageSize });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
