import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useMeQuery } from '@/auth/api/get-me';
import { LOGIN_PATH, loginPath } from '@/auth/redirect';
import { ErrorState } from '@/components/error-state';

/** Centered spinner while the session is checked (also the shell's cold-start fallback). */
export function SessionPending() {
  return (
    <div
      className="flex min-h-svh items-center justify-center"
      aria-busy="true"
      data-testid="session-pending"
    >
      <span className="sr-only">Loading…</span>
      <div className="size-6 animate-spin rounded-full border-2 border-muted border-t-primary" />
    </div>
  );
}

/** Layout route: renders its children only with a session, else sends the user to sign in. */
export function RequireSession() {
  const me = useMeQuery();
  const location = useLocation();
  const navigation = useNavigation();

  if (me.isPending) return <SessionPending />;
  if (me.isError) {
    // Not a 401 (that yields null): the server or the network failed.
    return (
      <div className="flex min-h-svh items-center justify-center p-4">
        <ErrorState
          className="w-full max-w-md"
          error={me.error}
          title="Could not check your session"
          onRetry={() => void me.refetch()}
        />
      </div>
    );
  }
  if (me.data === null) {
    // Signing out already navigates to the sign-in page: do not start a second navigation.
    if (navigation.location?.pathname === LOGIN_PATH) return <SessionPending />;
    return <Navigate to={loginPath(location)} replace />;
  }
  return <Outlet />;
}
