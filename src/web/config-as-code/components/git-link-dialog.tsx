import { zodResolver } from '@hookform/resolvers/zod';
import type { GitLink } from '@contract/git-links';
import { Controller, useForm, type Control } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { notifyError, notifySuccess } from '@/components/notify';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { applyServerIssues } from '@/lib/server-issues';
import { useCreateGitLink, useUpdateGitLink } from '@/config-as-code/api/git-link-writes';
import {
  asGitLinkField,
  gitLinkDefaults,
  gitLinkFormSchema,
  toGitLinkInput,
  toGitLinkUpdate,
  type GitLinkFormInput,
  type GitLinkFormValues,
} from '@/config-as-code/lib/git-link-form';

export type GitLinkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string | null;
  name: string;
  /** Edit this link; without it, a new one. */
  link: GitLink | null;
};

/** Link to Git / Edit Git link: where the document lives, how to read it, and what a new commit does. */
export function GitLinkDialog({ open, onOpenChange, tenantId, name, link }: GitLinkDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title={link ? 'Edit Git link' : 'Link to Git'}
      description={`The file in a Git repository that holds ${name}'s desired state. Checks report where the live state differs.`}
    >
      <GitLinkForm tenantId={tenantId} link={link} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FORMAT_OPTIONS = [
  { value: 'yaml', label: 'YAML' },
  { value: 'json', label: 'JSON' },
];

function useGitLinkSubmit(tenantId: string | null, link: GitLink | null, onDone: () => void) {
  const create = useCreateGitLink();
  const update = useUpdateGitLink();
  const save = (values: GitLinkFormValues, onError: (error: unknown) => void) => {
    const handlers = {
      onSuccess: (saved: GitLink) => {
        notifySuccess(
          link ? 'Git link saved' : 'Linked to Git',
          `${saved.repoUrl} @ ${saved.branch}: ${saved.path}`,
        );
        onDone();
      },
      onError,
    };
    if (link) update.mutate({ link, edit: toGitLinkUpdate(link, values) }, handlers);
    else create.mutate(toGitLinkInput(tenantId, values), handlers);
  };
  return { save, pending: create.isPending || update.isPending };
}

function GitLinkForm({
  tenantId,
  link,
  onDone,
}: {
  tenantId: string | null;
  link: GitLink | null;
  onDone: () => void;
}) {
  const form = useForm<GitLinkFormInput, unknown, GitLinkFormValues>({
    resolver: zodResolver(gitLinkFormSchema),
    defaultValues: gitLinkDefaults(link),
  });
  const { save, pending } = useGitLinkSubmit(tenantId, link, onDone);
  const onSubmit = form.handleSubmit((values) =>
    save(values, (error) => {
      if (!applyServerIssues(error, form.setError, asGitLinkField))
        notifyError(error, 'Failed to save the Git link.');
    }),
  );
  return (
    <DialogForm
      label={link ? 'Edit Git link' : 'Link to Git'}
      pending={pending}
      submitLabel={link ? 'Save' : 'Link'}
      pendingLabel="Saving..."
      onSubmit={onSubmit}
    >
      <GitLinkFields form={form} link={link} />
    </DialogForm>
  );
}

type LinkForm = ReturnType<typeof useForm<GitLinkFormInput, unknown, GitLinkFormValues>>;

function GitLinkFields({ form, link }: { form: LinkForm; link: GitLink | null }) {
  return (
    <>
      <FormTextField
        form={form}
        name="repoUrl"
        id="git-link-repo"
        label="Repository URL"
        placeholder="https://git.example.com/platform/config.git"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField form={form} name="branch" id="git-link-branch" label="Branch" />
        <FormSelect
          control={form.control}
          name="format"
          id="git-link-format"
          label="Format"
          options={FORMAT_OPTIONS}
        />
      </div>
      <FormTextField
        form={form}
        name="path"
        id="git-link-path"
        label="Path"
        placeholder="tenants/acme.yaml"
      />
      <FormTextField
        form={form}
        name="accessToken"
        id="git-link-token"
        label="Access token"
        type="password"
        autoComplete="off"
        description={
          link?.hasAccessToken
            ? 'A token is stored and never shown. Leave empty to keep it (a new repository URL drops it); type one to replace it.'
            : 'Sent as the HTTP password; leave empty for a public repository. Never shown again.'
        }
      />
      <CheckboxField
        control={form.control}
        name="writeAccess"
        label="Has write access"
        hint="Adopt pushes the live state on a new branch (else it offers the file to commit)."
      />
      <CheckboxField
        control={form.control}
        name="syncMode"
        label="Sync mode"
        hint="A new commit on the branch is filed as a release by a service account, under the same approvals."
      />
    </>
  );
}

type CheckboxFieldProps = {
  control: Control<GitLinkFormInput, unknown, GitLinkFormValues>;
  name: 'writeAccess' | 'syncMode';
  label: string;
  hint: string;
};

function CheckboxField({ control, name, label, hint }: CheckboxFieldProps) {
  const id = `git-link-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-2">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            aria-describedby={`${id}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      )}
    />
  );
}
