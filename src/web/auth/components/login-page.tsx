import { Boxes } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { useMeQuery } from '@/auth/api/get-me';
import { LoginForm } from '@/auth/components/login-form';
import { SessionPending } from '@/auth/components/require-session';
import { safeRedirect } from '@/auth/redirect';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PRODUCT_NAME } from '@/lib/product';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /login, outside the shell: signed-in visitors (and a successful sign-in) move on to `redirect`. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const me = useMeQuery();
  const [searchParams] = useSearchParams();

  if (me.isPending) return <SessionPending />;
  if (me.data) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;

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
          <LoginForm />
        </CardContent>
      </Card>
    </main>
  );
}
