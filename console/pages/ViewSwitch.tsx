// Table or Map view of a list page whose document has a map; the choice lives in the URL (?view=map).
import { useSearchParams } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { Icon } from '../layout/icons';
import { Tooltip } from '../../renderer/tooltip/Tooltip';

export type ListView = 'table' | 'map';

export function useListView(enabled: boolean | undefined): [ListView, (view: ListView) => void] {
  const [params, setParams] = useSearchParams();
  const view: ListView = enabled && params.get('view') === 'map' ? 'map' : 'table';
  const select = (next: ListView) => {
    const out = new URLSearchParams(params);
    if (next === 'map') out.set('view', 'map');
    else out.delete('view');
    setParams(out);
  };
  return [view, select];
}

export function ViewSwitch({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  return (
    <div className="view-switch" role="group" aria-label={t('View')}>
      {(['table', 'map'] as const).map((option) => (
        <Tooltip key={option} content={option === 'map' ? t('Map') : t('Table')}>
          <button type="button" className="fc-btn" aria-pressed={view === option} onClick={() => onChange(option)}>
            <Icon name={option} size={16} />
            <span className="page-tool-label">{option === 'map' ? t('Map') : t('Table')}</span>
          </button>
        </Tooltip>
      ))}
    </div>
  );
}
