import { CircleAlert, KeyRound, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ssoLoginHref } from '@/auth/lib/sso';

/**
 * "Sign in with <provider>" above the password form, then an "or" divider. A plain link: the server
 * answers it with a redirect to the provider, and the provider's answer comes back into the console.
 */
export function SsoSignIn({
  name,
  loginUrl,
  returnTo,
}: {
  name: string;
  loginUrl: string;
  returnTo: string;
}) {
  return (
    <div className="space-y-4">
      <Button asChild className="w-full">
        <a href={ssoLoginHref(loginUrl, returnTo)} data-testid="sso-sign-in">
          <KeyRound aria-hidden="true" />
          Sign in with {name}
        </a>
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

/** Why the last single sign-on ended back here (`?sso_error=`). */
export function SsoErrorAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="sso-error"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/**
 * After signing out of the console while the provider's session lives on: signing out of the provider
 * too is offered, not forced, since it ends every other application's session with it.
 */
export function SignedOutNotice({ name, endSessionUrl }: { name: string; endSessionUrl: string }) {
  return (
    <div
      role="status"
      data-testid="signed-out-notice"
      className="space-y-2 rounded-md border px-3 py-2 text-sm"
    >
      <p>
        You signed out of Resource Manager. You may still be signed in to {name} (and its other applications).
      </p>
      <Button asChild variant="outline" size="sm" className="w-full">
        <a href={endSessionUrl}>
          <LogOut aria-hidden="true" />
          Also sign out of {name}
        </a>
      </Button>
    </div>
  );
}
