import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { AlertNotice } from '@/components/alert-notice';
import { FormTextField } from '@/components/form-text-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { SwitchFormInput, SwitchFormValues } from '@/deployments/lib/switch-form';

type HealthGateNoticeProps = {
  form: UseFormReturn<SwitchFormInput, unknown, SwitchFormValues>;
  /** Why the gate refuses the switch ("Green slot is unhealthy (HTTP 503)"). */
  problem: string;
  /** Only a global administrator may force past the gate. */
  canForce: boolean;
};

/**
 * The target slot is not healthy: the server refuses the switch (docs/rollouts.md, The health gate). A
 * global administrator may force it with a reason; anyone else is told why it cannot go ahead.
 */
export function HealthGateNotice({ form, problem, canForce }: HealthGateNoticeProps) {
  const force = useWatch({ control: form.control, name: 'force' });
  return (
    <AlertNotice testId="health-gate-notice" tone="warning" title={`${problem}: the switch will be refused`}>
      {canForce ? (
        <div className="mt-2 grid gap-3">
          <p className="text-muted-foreground">
            As a global administrator you may force it; the reason is recorded in the audit log.
          </p>
          <Controller
            control={form.control}
            name="force"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="switch-force"
                  checked={field.value}
                  onCheckedChange={(next) => field.onChange(next === true)}
                />
                <Label htmlFor="switch-force">Force switch</Label>
              </div>
            )}
          />
          {force && (
            <FormTextField form={form} name="forceReason" id="switch-force-reason" label="Reason" rows={2} />
          )}
        </div>
      ) : (
        <p className="text-muted-foreground">
          Only a global administrator can force a switch to a slot that has not passed its health check.
        </p>
      )}
    </AlertNotice>
  );
}
