import type { Environment } from '@contract/common';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { environmentName } from '@contract/vocabulary';
import { useSubscribedCapabilities } from '@/gateway/api/get-subscribed-capabilities';

/** Whose subscriptions the select offers, and whether it is fixed (an edit stays in its lineage). */
export type CapabilityScope = { tenantId: string; environment: Environment; disabled: boolean };

type CapabilitySelectProps = CapabilityScope & {
  id: string;
  /** The form's field (a Controller's render props). */
  field: { value: string; onChange: (value: string) => void; onBlur: () => void };
  error: { message?: string } | undefined;
};

/** The capability of a new route or policy: only those the tenant subscribes to in the environment. */
export function CapabilitySelect({
  id,
  tenantId,
  environment,
  field,
  error,
  disabled,
}: CapabilitySelectProps) {
  const { value, onChange, onBlur } = field;
  const subscribed = useSubscribedCapabilities(tenantId, environment, true);
  const options = subscribed.capabilities;
  // The edited version's capability stays choosable even if its subscription is gone.
  const shown =
    value && !options.some((c) => c.id === value) ? [...options, { id: value, name: value }] : options;
  const none = !subscribed.isPending && !subscribed.error && options.length === 0;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>Capability</FieldLabel>
      <Select value={value} onValueChange={onChange} disabled={disabled || subscribed.isPending}>
        <SelectTrigger {...fieldControlProps(id, !!error)} className="w-full" onBlur={onBlur}>
          <SelectValue
            placeholder={subscribed.isPending ? 'Loading capabilities...' : 'Select a capability'}
          />
        </SelectTrigger>
        <SelectContent>
          {shown.map((capability) => (
            <SelectItem key={capability.id} value={capability.id}>
              {capability.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {none && (
        <FieldDescription>
          The tenant subscribes to no capability in {environmentName(environment)}. Configure one on the
          Capabilities tab first.
        </FieldDescription>
      )}
      {subscribed.error && <FieldDescription>Could not load the subscribed capabilities.</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
