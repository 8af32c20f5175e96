import type { SsoSettings } from '@contract/sso';
import type { UseFormReturn } from 'react-hook-form';
import { notifyError, notifySuccess } from '@/components/notify';
import { useConflictAwareSave } from '@/concurrency';
import { useUpdateSsoSettings } from '@/settings/api/sso-settings';
import { ssoFieldIssues, toSsoForm, toSsoInput, type SsoForm } from '@/settings/lib/sso-form';

export const ssoFieldLabels = {
  claim: 'Group claim',
  jitProvisioning: 'Create users at first sign-in',
  rules: 'Group rules',
};

/** Puts a refused save's field issues on the fields, the first one focused. */
function showIssues(form: UseFormReturn<SsoForm>, error: unknown): void {
  ssoFieldIssues(error).forEach(({ field, message }, n) =>
    form.setError(field, { type: 'server', message }, { shouldFocus: n === 0 }),
  );
}

/**
 * Saves the single sign-on form with the revision it loaded (If-Match): a 412 shows the conflict alert
 * and keeps the edits, a 400 puts its issues on the fields, and every outcome ends in a toast.
 */
export function useSsoSave(form: UseFormReturn<SsoForm>, settings: SsoSettings) {
  const update = useUpdateSsoSettings();
  const conflict = useConflictAwareSave({
    form,
    resource: settings,
    toFormValues: toSsoForm,
    what: 'single sign-on configuration',
    labels: ssoFieldLabels,
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { input: toSsoInput(values), ifMatch: conflict.revision() },
      {
        onSuccess: (saved) => {
          conflict.saved(saved);
          form.reset(toSsoForm(saved));
          const count = saved.rules.length;
          notifySuccess(
            'Single sign-on saved',
            `${count} group ${count === 1 ? 'rule' : 'rules'}, applied at each sign-in.`,
          );
        },
        onError: (error) => {
          if (conflict.handleError(error)) return;
          showIssues(form, error);
          notifyError(error, 'Failed to save the single sign-on settings.');
        },
      },
    ),
  );

  return { conflict, onSubmit, pending: update.isPending };
}
