import type { DeployInput } from '@/deployments/api/deploy-to-idle-slot';
import { DeployCapabilityFormFields } from '@/deployments/components/deploy-capability-form';
import { DeployMicrofrontendFormFields } from '@/deployments/components/deploy-microfrontend-form';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';

type DeployFormFieldsProps = {
  kind: ResourceKind;
  resourceId: string;
  environment: Environment;
  pending: boolean;
  submitLabel: string;
  onSubmit: (input: DeployInput, version: string) => void;
};

/** The kind's form: a microfrontend's published version, or a capability's version and endpoint. */
export function DeployFormFields({
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
