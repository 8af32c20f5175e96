import { zodResolver } from '@hookform/resolvers/zod';
import type { SsoSettings } from '@contract/sso';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useProviders } from '@/auth';
import { ConflictAlert } from '@/concurrency';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FieldLabel, fieldControlProps, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';
import { useSsoSettings } from '@/settings/api/sso-settings';
import { SettingsSwitch } from '@/settings/components/settings-switch';
import { SsoRulesTable } from '@/settings/components/sso-rules-table';
import { ssoFormSchema, toSsoForm, type SsoForm } from '@/settings/lib/sso-form';
import { ssoFieldLabels, useSsoSave } from '@/settings/lib/use-sso-save';

/** Single sign-on (global administrators): which claim holds the groups, JIT provisioning, group rules. */
export function SsoSettingsCard() {
  const settings = useSsoSettings();
  const providers = useProviders();
  return (
    <Card data-testid="sso-settings-card">
      <CardHeader>
        <CardTitle>Single sign-on</CardTitle>
        <CardDescription>
          Roles of people who sign in with the identity provider, from their groups: set again at each
          sign-in.
        </CardDescription>
        {providers.data && !providers.data.sso && (
          <p className="text-sm text-muted-foreground" data-testid="sso-not-configured">
            No identity provider is configured on this server (OIDC_ISSUER and the rest, docs/sso.md): these
            rules apply once one is.
          </p>
        )}
      </CardHeader>
      <CardContent>
        {settings.isPending && (
          <p aria-busy="true" className="py-4 text-center text-sm text-muted-foreground">
            Loading single sign-on settings...
          </p>
        )}
        {settings.isError && (
          <ErrorState
            error={settings.error}
            title="Could not load the single sign-on settings"
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.data && <SsoSettingsForm settings={settings.data} />}
      </CardContent>
    </Card>
  );
}

/** The group claim and JIT provisioning. */
function SsoGeneralFields({ form, pending }: { form: UseFormReturn<SsoForm>; pending: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <Field data-invalid={!!errors.claim || undefined}>
        <FieldLabel htmlFor="sso-claim">{ssoFieldLabels.claim}</FieldLabel>
        <Input
          {...fieldControlProps('sso-claim', !!errors.claim)}
          className="max-w-sm"
          placeholder="groups"
          {...form.register('claim')}
        />
        <FieldDescription>
          The token claim that lists the user&apos;s groups: a name, or a dotted path such as
          realm_access.roles.
        </FieldDescription>
        <FieldError id="sso-claim-error" errors={[errors.claim]} />
      </Field>
      <Controller
        control={form.control}
        name="jitProvisioning"
        render={({ field }) => (
          <SettingsSwitch
            id="sso-jit"
            label={ssoFieldLabels.jitProvisioning}
            description="Someone the identity provider vouches for but who has no account yet gets one at their first sign-in; otherwise they are refused until an administrator adds them."
            checked={field.value}
            disabled={pending}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </>
  );
}

function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const form = useForm<SsoForm>({ resolver: zodResolver(ssoFormSchema), defaultValues: toSsoForm(settings) });
  const { conflict, onSubmit, pending } = useSsoSave(form, settings);
  const formRef = useFocusAfterSubmit(pending);
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Single sign-on">
      <fieldset disabled={pending} className="min-w-0 space-y-6">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <SsoGeneralFields form={form} pending={pending} />
        <SsoRulesTable form={form} />
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!form.formState.isDirty}
            onClick={() => form.reset()}
          >
            Discard changes
          </Button>
          <Button type="submit">{pending ? 'Saving...' : 'Save single sign-on'}</Button>
        </div>
      </fieldset>
    </form>
  );
}
