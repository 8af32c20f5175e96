import { environmentNames } from '@contract/vocabulary';
import type { ChangeRequestForm } from '@/changes';
import { switchChange, type SwitchDeploymentInput } from '@/deployments/api/switch-deployment';
import { DeploymentRequestDialog } from '@/deployments/components/deployment-request-dialog';
import { productionQuestion, switchSummary } from '@/deployments/lib/switch-text';

type SwitchRequestDialogProps = {
  input: SwitchDeploymentInput;
  name: string;
  form: ChangeRequestForm;
  onClose: () => void;
};

/** The switch (with its options) as a change request, where the platform's policy asks for approvals. */
export function SwitchRequestDialog({ input, name, form, onClose }: SwitchRequestDialogProps) {
  return (
    <DeploymentRequestDialog
      {...input}
      title={`Request: switch ${name} in ${environmentNames[input.environment]}`}
      description={`Once applied: ${switchSummary(name, input)}`}
      form={form}
      change={switchChange(input)}
      bypassConfirmation={{
        title: productionQuestion(name, input),
        description: `${switchSummary(name, input)} Without approval.`,
        confirmLabel: 'Switch production traffic',
      }}
      onClose={onClose}
    />
  );
}
