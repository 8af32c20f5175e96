export const LOGIN_PATH = '/login';

/**
 * Where to go after signing in: the `redirect` value when it is a same-origin path (starts with one
 * '/', is not the sign-in page itself), else the Overview.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return value;
}

/** The sign-in page, coming back to `location` afterwards. */
export function loginPath(location: { pathname: string; search?: string; hash?: string }): string {
  const back = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  const target = safeRedirect(back, '');
  return target && target !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
}
