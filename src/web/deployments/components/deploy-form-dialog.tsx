import { FormDialog } from '@/components/form-dialog';
import type { DeployInput } from '@/deployments/api/deploy-to-idle-slot';
import { DeployCapabilityFormFields } from '@/deployments/components/deploy-capability-form';
import { DeployMicrofrontendFormFields } from '@/deployments/components/deploy-microfrontend-form';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { DialogOpenProps } from '@/components/dialog-open';

type DeployFormFieldsProps = {
  kind: ResourceKind;
  resourceId: string;
  environment: Environment;
  pending: boolean;
  submitLabel: string;
  onSubmit: (input: DeployInput, version: string) => void;
};

type DeployFormDialogProps = DeployFormFieldsProps &
  DialogOpenProps & {
    /** Which slot gets the version, and whether it goes live or becomes a request. */
    description: string;
  };

/** Deploy to idle slot's dialog: what happens, then the kind's form. */
export function DeployFormDialog({ open, onOpenChange, description, ...fields }: DeployFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Deploy to idle slot"
      description={description}
      className="sm:max-w-md"
    >
      <DeployFormFields {...fields} />
    </FormDialog>
  );
}

/** The kind's form: a microfrontend's published version, or a capability's version and endpoint. */
function DeployFormFields({
  kind,
  resourceId,
  environment,
  pending,
  submitLabel,
  onSubmit,
}: DeployFormFieldsProps) {
  return kind === 'microfrontends' ? (
    <DeployMicrofrontendFormFields
      microfrontendId={resourceId}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={({ versionId, version }) =>
        onSubmit({ kind, id: resourceId, environment, versionId }, version)
      }
    />
  ) : (
    <DeployCapabilityFormFields
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={({ version, endpoint }) =>
        onSubmit({ kind, id: resourceId, environment, version, endpoint }, version)
      }
    />
  );
}
