import type { UserProfile } from '@contract/users';
import { useWatch, type Control } from 'react-hook-form';
import { ConflictAlert, oneOf, useResourceForm } from '@/concurrency';
import { Button } from '@/components/ui/button';
import { useTenantNames } from '@/tenants';
import { useCreateUserProfile } from '@/users/api/create-user-profile';
import { useUpdateUserProfile } from '@/users/api/update-user-profile';
import { ProfileFormFields } from '@/users/components/profile-form-fields';
import { notifySuccess } from '@/components/notify';
import {
  profileFormDefaults,
  profileFormFields,
  profileFormSchema,
  toProfileInput,
  type ProfileFormInput,
  type ProfileFormValues,
} from '@/users/lib/profile-form';

type ProfileFormProps = {
  userId: string;
  /** Change this profile; without it, grant access to a new tenant. */
  profile?: UserProfile;
  /** Tenants the picker leaves out (already granted, or not the viewer's to manage). */
  excludeTenant: (tenantId: string) => boolean;
  /** After a change was saved, or when editing is cancelled. */
  onDone: () => void;
};

/** The chosen tenant's name (its id until known). */
function useChosenTenantName(control: Control<ProfileFormInput, unknown, ProfileFormValues>) {
  // The picker labels its value through the same ids= query, so this reads the cache.
  const chosen = useWatch({ control, name: 'tenantId' });
  const names = useTenantNames(chosen ? [chosen] : []);
  return (id: string) => names?.get(id) ?? id;
}

/** Cancel (while changing a profile) and the submit. */
function ProfileFormActions({
  editing,
  pending,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      {editing && (
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit">
        {editing ? (pending ? 'Saving...' : 'Save Access') : pending ? 'Granting...' : 'Grant Access'}
      </Button>
    </div>
  );
}

/** Grant access to a tenant (POST) or change a profile (PATCH); the tenant of a profile never changes. */
export function ProfileForm({ userId, profile, excludeTenant, onDone }: ProfileFormProps) {
  const create = useCreateUserProfile();
  const update = useUpdateUserProfile();
  const pending = create.isPending || update.isPending;
  const { form, conflict, outcome } = useResourceForm({
    schema: profileFormSchema,
    defaults: profileFormDefaults,
    resource: profile,
    what: 'access',
    toField: oneOf(profileFormFields),
    // A duplicate profile is a 409 without field issues: it belongs beside the tenant.
    conflictField: 'tenantId',
    onDone,
  });
  const tenantName = useChosenTenantName(form.control);

  const onSubmit = form.handleSubmit((values) => {
    const input = toProfileInput(userId, values);
    if (profile) {
      const { userId: _userId, tenantId: _tenantId, ...patch } = input;
      update.mutate(
        { id: profile.id, patch, ifMatch: conflict.revision() },
        outcome(
          () =>
            notifySuccess('Access updated', `The access to ${tenantName(profile.tenantId)} has been saved.`),
          'Failed to update access.',
        ),
      );
    } else {
      create.mutate(
        input,
        outcome(() => {
          notifySuccess('Access granted', `Access to ${tenantName(values.tenantId)} has been granted.`);
          form.reset(profileFormDefaults());
        }, 'Failed to grant access.'),
      );
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={profile ? 'Change access' : 'Add access'}
      className="space-y-4 rounded-md border p-4"
    >
      <p className="text-sm font-medium">
        {profile ? `Change access to ${tenantName(profile.tenantId)}` : 'Add access'}
      </p>
      <fieldset disabled={pending} className="space-y-4">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <ProfileFormFields form={form} excludeTenant={excludeTenant} tenantLocked={!!profile} />
        <ProfileFormActions editing={!!profile} pending={pending} onCancel={onDone} />
      </fieldset>
    </form>
  );
}
