import type { Actor } from '../auth/actor';
import { bool } from './scoped';
import { showsPaymentControls } from '../../engine/permissions/can';

// The session user of shell spec §3 (plus the widget fields of forms spec §3).

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The token's claims as an unsigned JWT-shaped string: readable (act marker), never a credential. */
function tokenView(actor: Actor): string {
  const claims = {
    sub: String(actor.user.id),
    exp: actor.exp,
    ...(actor.impersonatorId ? { act: { sub: String(actor.impersonatorId) } } : {}),
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

export function sessionUser(actor: Actor) {
  const { user, company, role } = actor;
  const limit = user.impersonation_access_limit;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    avatar_url: user.avatar_path,
    company: {
      id: company.id,
      parent_id: company.parent_id,
      name: company.name,
      level: company.level,
      show_payment: bool(company.show_payment),
    },
    company_id: company.id,
    company_name: company.name,
    role: { id: role.id, name: role.name, title: role.title },
    role_id: role.id,
    role_title: role.title,
    permissions: [...actor.permissions],
    tos_accepted: bool(user.tos_accepted),
    terms_conditions: bool(user.tos_accepted),
    email_verified: bool(user.email_verified),
    mfa_type: user.mfa_type,
    exp: actor.exp,
    token: tokenView(actor),
    isImpersonating: actor.impersonatorId !== null,
    impersonation_until: actor.impersonationUntil,
    impersonation_access_limit: limit,
    country_iso_code: user.country_iso_code,
    show_payment: bool(company.show_payment),
    show_payment_control: showsPaymentControls(company.level, actor.permissions),
    last_login_at: user.last_login_at,
    time_zone: user.time_zone ?? null,
  };
}

/** The same user in the vendor's GET /user shape (RMS OpenAPI: fields beside `success`). */
export function vendorUser(actor: Actor) {
  const { user, company, role } = actor;
  const iat = actor.exp - 15 * 60;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    avatar_path: user.avatar_path,
    username: user.username,
    email: user.email,
    mfa_type: user.mfa_type,
    terms_conditions: bool(user.tos_accepted),
    last_login_at: user.last_login_at,
    email_verified: bool(user.email_verified),
    company: { id: company.id, name: company.name, parent_id: company.parent_id, level: company.level },
    role: { id: role.id, name: role.name, title: role.title },
    token: {
      jti: actor.sessionId,
      iss: 'rms-reference',
      iat,
      nbf: iat,
      exp: actor.exp,
      sub: String(user.id),
      client_id: 'console',
      first_party: true,
    },
    scope: [],
    permissions: [...actor.permissions],
  };
}
