import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_CREDENTIALS_MESSAGE, loginBodySchema, type LoginBody } from '@contract/auth';
import { CircleAlert } from 'lucide-react';
import { useForm, type UseFormReturn } from 'react-hook-form';
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

type LoginFieldProps = {
  form: UseFormReturn<LoginBody>;
  name: keyof LoginBody;
  label: string;
  type: string;
  autoComplete: string;
  autoFocus?: boolean;
};

function LoginField({ form, name, label, ...input }: LoginFieldProps) {
  const error = form.formState.errors[name];
  const id = `login-${name}`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * Email and password; on success the me query holds the user and the page moves on. `autoFocus`: the
 * email field takes the focus unless a single sign-on button comes first.
 */
export function LoginForm({ autoFocus = true }: { autoFocus?: boolean }) {
  const loginMutation = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
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
        <LoginField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={autoFocus}
        />
        <LoginField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" className="w-full">
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </fieldset>
    </form>
  );
}
