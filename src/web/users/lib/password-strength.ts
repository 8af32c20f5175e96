/**
 * The password strength estimator (zxcvbn and its dictionaries, several hundred KB) loads on demand:
 * only a form that sets a password asks for it, so the initial bundle does not carry it. Once loaded,
 * the contract's password policy (src/contract/password.ts) gives the same reason the server would.
 */
let loading: Promise<void> | undefined;

export function loadPasswordStrength(): Promise<void> {
  loading ??= import('@contract/password-strength').then(
    () => undefined,
    () => {
      // Offline or a stale deployment: the server still refuses a weak password, with the reason.
      loading = undefined;
    },
  );
  return loading;
}

/**
 * Wraps a react-hook-form resolver so that it validates only once the estimator is loaded: a weak
 * password is refused on submit with its reason, never sent just because the dictionaries were late.
 */
export function withPasswordStrength<Args extends unknown[], Result>(
  resolver: (...args: Args) => Result | Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    await loadPasswordStrength();
    return resolver(...args);
  };
}
