import type { AuthProviders } from '@contract/sso';
import { Boxes } from 'lucide-react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useMeQuery } from '@/auth/api/get-me';
import { useProviders } from '@/auth/api/get-providers';
import { LoginForm } from '@/auth/components/login-form';
import { SessionPending } from '@/auth/components/require-session';
import { SignedOutNotice, SsoErrorAlert, SsoSignIn } from '@/auth/components/sso-sign-in';
import { passwordLimitNotes, signedOutState, ssoErrorMessage } from '@/auth/lib/sso';
import { safeRedirect } from '@/auth/redirect';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PRODUCT_NAME } from '@/lib/product';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /login, outside the shell: signed-in visitors (and a successful sign-in) move on to `redirect`. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const me = useMeQuery();
  const providers = useProviders();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));

  // Both load in parallel; a failed providers call leaves the password form alone on the page.
  if (me.isPending || providers.isPending) return <SessionPending />;
  if (me.data) return <Navigate to={redirect} replace />;

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <div className="flex aspect-square size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Boxes className="size-5" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
          <CardDescription>Resource Manager</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInOptions
            providers={providers.data ?? null}
            ssoError={searchParams.get('sso_error')}
            redirect={redirect}
          />
        </CardContent>
      </Card>
    </main>
  );
}

type SignInOptionsProps = { providers: AuthProviders | null; ssoError: string | null; redirect: string };

/** What the installation offers: single sign-on first, then the password form (the break-glass way in). */
function SignInOptions({ providers, ssoError, redirect }: SignInOptionsProps) {
  const location = useLocation();
  const signedOut = signedOutState(location.state);
  const sso = providers?.sso ?? null;
  const mode = providers?.passwordLogin ?? 'all';
  return (
    <div className="space-y-4">
      {signedOut && <SignedOutNotice name={sso?.name ?? 'your identity provider'} {...signedOut} />}
      {ssoError && <SsoErrorAlert message={ssoErrorMessage(ssoError, providers?.adminContact ?? null)} />}
      {sso && <SsoSignIn name={sso.name} loginUrl={sso.loginUrl} returnTo={redirect} />}
      <LoginForm autoFocus={!sso} />
      {mode !== 'all' && (
        <p className="text-center text-xs text-muted-foreground" data-testid="password-limit-note">
          {passwordLimitNotes[mode]}
        </p>
      )}
    </div>
  );
}
