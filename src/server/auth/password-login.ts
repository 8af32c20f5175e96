import type { PasswordLoginMode } from '../../contract/sso';
import { AppError } from '../errors';

/** PASSWORD_LOGIN and the account it always lets in (docs/sso.md). */
export interface PasswordLoginPolicy {
  mode: PasswordLoginMode;
  /** ADMIN_EMAIL, lower case: the break-glass account, signing in with its password even when mode is off. */
  breakGlassEmail: string;
}

export const PASSWORD_LOGIN_OFF_MESSAGE =
  'Password sign-in is turned off: sign in with single sign-on, or ask an administrator.';
export const PASSWORD_LOGIN_ADMINS_MESSAGE =
  'Password sign-in is only for administrators: sign in with single sign-on.';
export const PASSWORD_LOGIN_SSO_ADMIN_MESSAGE =
  'Your administrator role comes from your identity provider: sign in with single sign-on.';

/** The account's global role and where it came from (the IdP's groups, or set by hand). */
type GlobalRole = { globalRole: string; globalRoleSource: string };

/**
 * Under `admins`, an administrator by hand. A role the IdP's groups gave holds only while the IdP says so,
 * and only an SSO sign-in asks it: with a password, someone the IdP has dropped from the group would stay
 * an administrator for good (docs/sso.md).
 */
const adminByHand = (user: GlobalRole): boolean =>
  user.globalRole === 'admin' && user.globalRoleSource === 'manual';

/**
 * Refuses (403) a password sign-in the policy does not allow. With mode off, called before the password
 * is checked (nothing about the account is revealed); with admins, after it matched, so only the account's
 * owner learns that it is not an administrator.
 */
export function assertPasswordLoginAllowed(
  policy: PasswordLoginPolicy,
  email: string,
  user?: GlobalRole,
): void {
  if (policy.mode === 'all' || email === policy.breakGlassEmail) return;
  if (policy.mode === 'off') throw new AppError('FORBIDDEN', PASSWORD_LOGIN_OFF_MESSAGE);
  if (user && user.globalRole !== 'admin') throw new AppError('FORBIDDEN', PASSWORD_LOGIN_ADMINS_MESSAGE);
  if (user && !adminByHand(user)) throw new AppError('FORBIDDEN', PASSWORD_LOGIN_SSO_ADMIN_MESSAGE);
}

/**
 * Whether a session made by a password sign-in may go on under the policy in force: the same rule as a
 * sign-in now, so turning password sign-in off (or down to administrators) ends the sessions it no
 * longer allows at their next request, instead of leaving them alive to mint tokens (docs/sso.md).
 */
export function passwordSessionAllowed(
  policy: PasswordLoginPolicy,
  user: GlobalRole & { email: string },
): boolean {
  if (policy.mode === 'all' || user.email.trim().toLowerCase() === policy.breakGlassEmail) return true;
  return policy.mode === 'admins' && adminByHand(user);
}
