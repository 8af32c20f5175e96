import { ssoErrorCodes, ssoErrorMessages, type SsoErrorCode } from '@contract/sso';

const isSsoErrorCode = (code: string): code is SsoErrorCode => ssoErrorCodes.some((known) => known === code);

/**
 * What the sign-in page says about `/login?sso_error=<code>`: the contract's message, naming whom to ask
 * when the installation says so; an unknown code (an old link, a newer server) still reads as a failure.
 */
export function ssoErrorMessage(code: string, adminContact: string | null): string {
  if (code === 'unknown_user' && adminContact) {
    return `Your account is not set up in Resource Manager. Ask ${adminContact} for access.`;
  }
  return isSsoErrorCode(code) ? ssoErrorMessages[code] : 'Single sign-on failed. Try again.';
}

/** The provider's sign-in, coming back to `returnTo` (a same-origin path) in the console afterwards. */
export function ssoLoginHref(loginUrl: string, returnTo: string): string {
  if (returnTo === '/') return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`;
}

/** The note under the password form when passwords are not for everyone. */
export const passwordLimitNotes = {
  admins: 'Password sign-in is limited to administrators.',
  off: 'Password sign-in is for the break-glass administrator only.',
} as const;

/**
 * What the sign-out leaves in the sign-in page's history state: the provider's end-session address. It
 * travels in state, not the address, so nobody can send a link that shows a sign-out link of their own.
 */
export type SignedOutState = { endSessionUrl: string };

export function signedOutState(state: unknown): SignedOutState | null {
  if (typeof state !== 'object' || state === null || !('endSessionUrl' in state)) return null;
  const { endSessionUrl } = state;
  return typeof endSessionUrl === 'string' && /^https?:\/\//.test(endSessionUrl) ? { endSessionUrl } : null;
}
