import { useEffect, useState } from 'react';
import { formatBytes } from '../../engine/format/bytes';
import { ACCOUNT_MENU_CACHE, http } from '../../engine/http/client';
import { currentLanguage, t } from '../../engine/i18n/i18n';
import { theme } from '../theme/theme';

interface CreditLeft {
  /** Unique per type; the code (credit_type) is shared by a Free and a Paid type. */
  credit_type_id: number;
  credit_type: number | string;
  credit_type_name: string;
  credits_left: number;
}

/** Company data amount (GET /companies/{id}, cached 10 s). */
export function CompanyData({ companyId }: { companyId: number }) {
  const [remaining, setRemaining] = useState<number | null>(null);
  useEffect(() => {
    http
      .get<{ data?: { remaining_data?: number } }>(`/companies/${companyId}`, {
        cache: ACCOUNT_MENU_CACHE,
        skipCancel: true,
      })
      .then((response) => setRemaining(response.data?.data?.remaining_data ?? null))
      .catch(() => setRemaining(null));
  }, [companyId]);
  if (remaining === null) return null;
  return (
    <p className="muted">
      {t('Company data')}: {formatBytes(remaining, 2, currentLanguage())}
    </p>
  );
}

/** The theme's buy notice with 'Get more resources' (shown per accountMenuSections' buyLink). */
function BuyNotice() {
  return (
    <p className="buy-notice">
      {t(theme.buyNotice)}{' '}
      <a href={theme.buyUrl} target="_blank" rel="noreferrer">
        {t('Get more resources')}
      </a>
    </p>
  );
}

/** Resource summary (GET /credits/summary, cached 10 s). */
export function ResourceSummary({ buyLink }: { buyLink: boolean }) {
  const [credits, setCredits] = useState<CreditLeft[] | null>(null);
  useEffect(() => {
    http
      .get<{ data?: { credits?: { left?: CreditLeft[] } } }>('/credits/summary', {
        cache: ACCOUNT_MENU_CACHE,
        skipCancel: true,
      })
      .then((response) => setCredits((response.data?.data?.credits?.left ?? []).filter((c) => c.credits_left > 0)))
      .catch(() => setCredits(null));
  }, []);
  if (!credits) return null;
  return (
    <li className="resource-summary">
      <h3>{t('Resource summary')}</h3>
      {credits.length === 0 ? (
        <p className="muted">{t('No resources')}</p>
      ) : (
        <dl>
          {credits.map((credit) => (
            <div key={credit.credit_type_id}>
              <dt>{credit.credit_type_name}</dt>
              <dd>{credit.credits_left}</dd>
            </div>
          ))}
        </dl>
      )}
      {buyLink && <BuyNotice />}
    </li>
  );
}
