import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import type { FieldValues } from 'react-hook-form';
import { ConflictAlert } from '@/concurrency';
import { DialogForm } from '@/components/dialog-form';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { LineageKind, LineageOf } from '@/gateway/api/gateway-keys';
import type { LineageEntry } from '@/gateway/components/lineage-entry';
import { NewestVersionGate } from '@/gateway/components/newest-version-gate';
import { useLineageSave, type SaveOptions } from '@/gateway/components/use-lineage-save';
import type { DialogOpenProps } from '@/components/dialog-open';

type LineageFormDialogProps<K extends LineageKind, V extends FieldValues> = DialogOpenProps & {
  entry: LineageEntry<K, V>;
  tenantId: string;
  environment: Environment;
  /** Edit this version (a new version of its lineage); without it, create a lineage. */
  version?: LineageOf<K>;
};

/** Create Route or Edit Route (Policy...): the kind's form on the contract's fields. */
export function LineageFormDialog<K extends LineageKind, V extends FieldValues>({
  entry,
  open,
  onOpenChange,
  tenantId,
  environment,
  version,
}: LineageFormDialogProps<K, V>) {
  const where = environmentName(environment);
  const form = { entry, tenantId, environment, onDone: () => onOpenChange(false) };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={entry.form.width}>
        <DialogHeader>
          <DialogTitle>{`${version ? 'Edit' : 'Create'} ${entry.Noun}`}</DialogTitle>
          <DialogDescription>
            {version
              ? `Saving adds a new version of ${entry.form.label(version)} in ${where} and makes it active.`
              : `${entry.form.aNew} in ${where}, for every region of the environment.`}{' '}
            <ManagedInGitBadge tenantId={tenantId} />
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the version's current values. */}
        {open &&
          (version ? (
            <NewestVersionGate kind={entry.kind} tenantId={tenantId} row={version}>
              {(newest) => <LineageForm {...form} version={{ ...version, revision: newest }} />}
            </NewestVersionGate>
          ) : (
            <LineageForm {...form} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function LineageForm<K extends LineageKind, V extends FieldValues>(props: SaveOptions<K, V>) {
  const { entry, tenantId, environment, version } = props;
  const save = useLineageSave(props);
  const { request, pending } = save;
  const requesting = request.mode === 'request';
  const { Fields } = entry.form;
  return (
    <DialogForm
      label={`${version ? 'Edit' : 'Create'} ${entry.noun}`}
      pending={pending}
      submitLabel={
        pending
          ? requesting
            ? 'Sending...'
            : 'Saving...'
          : requesting
            ? request.submitLabel
            : version
              ? 'Save Changes'
              : `Create ${entry.Noun}`
      }
      submitDisabled={request.mode === 'loading' || (requesting && !request.valid)}
      destructive={requesting && request.bypass}
      onSubmit={save.submit}
    >
      <ConflictAlert save={save.conflict} onOverwrite={() => void save.submit()} />
      <ManagedInGitNotice tenantId={tenantId} what={entry.noun} />
      <Fields
        form={save.form}
        capability={{ tenantId, environment, disabled: !!version }}
        serverError={save.serverError}
      />
      {requesting && request.fields}
    </DialogForm>
  );
}
