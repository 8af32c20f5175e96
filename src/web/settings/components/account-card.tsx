import { zodResolver } from '@hookform/resolvers/zod';
import { settingsInputSchema, type Settings } from '@contract/settings';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

/** The account fields of the contract, as the inputs hold them ('' for none). */
const accountFormSchema = settingsInputSchema.pick({ accountEmail: true, organization: true }).extend({
  organization: z.string().trim().max(200),
});
type AccountFormInput = z.input<typeof accountFormSchema>;
type AccountFormValues = z.output<typeof accountFormSchema>;
export type AccountChanges = { accountEmail: string | null; organization: string | null };

type AccountCardProps = {
  settings: Settings;
  readOnly: boolean;
  pending: boolean;
  onSave: (changes: AccountChanges, onSaved: () => void) => void;
};

/** Account Information: email and organization, saved with Save Changes. */
export function AccountCard({ settings, readOnly, pending, onSave }: AccountCardProps) {
  const form = useForm<AccountFormInput, unknown, AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { accountEmail: settings.accountEmail ?? '', organization: settings.organization ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    onSave({ accountEmail: values.accountEmail || null, organization: values.organization || null }, () =>
      form.reset(values),
    ),
  );

  const formRef = useFocusAfterSubmit(pending);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>The contact email and organization of this installation.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Account Information"
        >
          <fieldset disabled={readOnly || pending} className="min-w-0 space-y-4">
            <Field data-invalid={!!errors.accountEmail || undefined}>
              <FieldLabel htmlFor="settings-accountEmail">Email</FieldLabel>
              <Input
                {...fieldControlProps('settings-accountEmail', !!errors.accountEmail)}
                type="email"
                placeholder="admin@example.com"
                {...form.register('accountEmail')}
              />
              <FieldError id="settings-accountEmail-error" errors={[errors.accountEmail]} />
            </Field>
            <Field data-invalid={!!errors.organization || undefined}>
              <FieldLabel htmlFor="settings-organization">Organization</FieldLabel>
              <Input
                {...fieldControlProps('settings-organization', !!errors.organization)}
                placeholder="Acme Corp"
                {...form.register('organization')}
              />
              <FieldError id="settings-organization-error" errors={[errors.organization]} />
            </Field>
            {!readOnly && <Button type="submit">{pending ? 'Saving...' : 'Save Changes'}</Button>}
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
