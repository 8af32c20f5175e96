import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_CREDENTIALS_MESSAGE, loginBodySchema, type LoginBody } from '@contract/auth';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLogin } from '@/auth/api/login';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

function loginErrorMessage(error: unknown): string {
  // One message for every wrong pair, whatever the body says (never which part was wrong).
  if (error instanceof ApiError && error.status === 401) return INVALID_CREDENTIALS_MESSAGE;
  if (error instanceof ApiError && error.status === 429) {
    return getErrorMessage(error, 'Too many failed sign-in attempts. Try again later.');
  }
  return getErrorMessage(error, 'Sign-in failed. Try again.');
}

/** Email and password; on success the me query holds the user and the page moves on. */
export function LoginForm() {
  const loginMutation = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const pending = loginMutation.isPending;

  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values);
  });

  const formRef = useFocusAfterSubmit(pending);
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
      <fieldset disabled={pending} className="space-y-4">
        {loginMutation.isError && (
          <div
            role="alert"
            data-testid="login-error"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{loginErrorMessage(loginMutation.error)}</span>
          </div>
        )}
        <div className="space-y-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="username"
            autoFocus
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            {...form.register('email')}
          />
          {errors.email && (
            <p id="login-email-error" className="text-sm text-destructive">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor="login-password">Password</Label>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            {...form.register('password')}
          />
          {errors.password && (
            <p id="login-password-error" className="text-sm text-destructive">
              {errors.password.message}
            </p>
          )}
        </div>
        <Button type="submit" className="w-full">
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </fieldset>
    </form>
  );
}
