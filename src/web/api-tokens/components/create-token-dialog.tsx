import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiTokenCreated, ApiTokenPolicy } from '@contract/api-tokens';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { notifySuccess } from '@/components/notify';
import { notifyFormFailure } from '@/components/notify-form-failure';
import { oneOf } from '@/concurrency';
import { CreateThenRevealDialog } from '@/components/create-then-reveal-dialog';
import { formatDate } from '@/lib/format';
import { useCreateApiToken } from '@/api-tokens/api/create-api-token';
import type { TokenOwner } from '@/api-tokens/api/api-token-keys';
import { useTokenPolicy } from '@/api-tokens/api/get-token-policy';
import { TokenFormFields } from '@/api-tokens/components/token-form-fields';
import { TokenSecret } from '@/api-tokens/components/token-secret';
import {
  FALLBACK_POLICY,
  toTokenInput,
  tokenFormDefaults,
  tokenFormFields,
  tokenFormSchema,
  type TokenFormInput,
  type TokenFormValues,
} from '@/api-tokens/lib/token-form';
import type { DialogOpenProps } from '@/components/dialog-open';

type CreateTokenDialogProps = DialogOpenProps & {
  /** Whose token: your own (null) or this service account's (administrators). */
  owner: TokenOwner;
  /** Named in the description when creating for someone else. */
  ownerName?: string;
};

/**
 * Create token, for yourself or (administrators) a service account: the form, then the new secret,
 * shown once. Each opening starts from an empty form.
 */
export function CreateTokenDialog({ owner, ownerName, ...props }: CreateTokenDialogProps) {
  return (
    <CreateThenRevealDialog<ApiTokenCreated>
      {...props}
      className="sm:max-w-xl"
      title="Create token"
      description={`A token acts as ${ownerName ?? 'you'}, never with more rights, for scripts and pipelines.`}
      createdTitle="Token created"
      createdDescription={(created) =>
        `${created.name} is ready. It expires on ${formatDate(created.expiresAt)}.`
      }
      form={(onCreated) => <TokenForm owner={owner} onCreated={onCreated} />}
      reveal={(created) => <TokenSecret created={created} />}
    />
  );
}

type TokenFormProps = { owner: TokenOwner; onCreated: (created: ApiTokenCreated) => void };

/** Waits for the policy (the lifetimes it allows); without it, the contract's defaults. */
function TokenForm({ owner, onCreated }: TokenFormProps) {
  const policy = useTokenPolicy();
  if (policy.isPending)
    return (
      <p aria-busy="true" className="py-4 text-center text-sm text-muted-foreground">
        Loading...
      </p>
    );
  return <LoadedTokenForm owner={owner} policy={policy.data ?? FALLBACK_POLICY} onCreated={onCreated} />;
}

function LoadedTokenForm({ owner, policy, onCreated }: TokenFormProps & { policy: ApiTokenPolicy }) {
  const create = useCreateApiToken(owner);
  const form = useForm<TokenFormInput, unknown, TokenFormValues>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: tokenFormDefaults(policy),
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(toTokenInput(values), {
      onSuccess: (created) => {
        notifySuccess('Token created', `${created.name} has been created.`);
        onCreated(created);
      },
      onError: (error) => {
        notifyFormFailure(error, form.setError, oneOf(tokenFormFields), 'Failed to create token.');
      },
    }),
  );
  return (
    <DialogForm
      label="Create token"
      pending={create.isPending}
      submitLabel="Create token"
      pendingLabel="Creating..."
      onSubmit={onSubmit}
    >
      <TokenFormFields form={form} policy={policy} />
    </DialogForm>
  );
}
