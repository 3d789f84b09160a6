import { can } from '../permissions/can';
import { isDefaultTheme, type Theme } from '../theme/theme';
import type { SessionUser } from './user';

/** What the account menu shows of the company's data and resources (forms spec §2 and §6). */
export interface AccountMenuSections {
  /** Company data amount and the link to company info (GET /companies/{id}). */
  companyData: boolean;
  /** Resource summary (GET /credits/summary): only if both company data and credit summary are visible. */
  resourceSummary: boolean;
  /** The theme's buy notice with 'Get more resources' under the resource summary. */
  buyLink: boolean;
}

type MenuUser = Pick<SessionUser, 'permissions' | 'company'>;
type MenuTheme = Pick<Theme, 'name' | 'showCompanyData' | 'buyNotice' | 'buyUrl'>;

/**
 * The account menu's data sections: the theme's data display, a company other
 * than 0 (company 0 users make no company data or credit summary calls) and
 * the permission of each; the buy link only with the default theme, a notice
 * to show and a user with show_payment.
 */
export function accountMenuSections(user: MenuUser, theme: MenuTheme): AccountMenuSections {
  const dataDisplay = theme.showCompanyData !== false && user.company.id !== 0;
  const companyData = dataDisplay && can(user, 'view_companies');
  const resourceSummary = companyData && can(user, 'view_credits_summary');
  const buyLink =
    resourceSummary &&
    isDefaultTheme(theme) &&
    Boolean(theme.buyNotice) &&
    Boolean(theme.buyUrl) &&
    Boolean(user.company.show_payment);
  return { companyData, resourceSummary, buyLink };
}
