import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import {
  switchModes,
  type SwitchFormInput,
  type SwitchFormValues,
  type SwitchMode,
} from '@/deployments/lib/switch-form';
import { cn } from '@/lib/utils';

type SwitchModeFieldsProps = {
  form: UseFormReturn<SwitchFormInput, unknown, SwitchFormValues>;
  /** "GREEN": the slot that takes the traffic. */
  target: string;
};

const modeText: Record<SwitchMode, { label: string; description: (target: string) => string }> = {
  now: {
    label: 'Switch all traffic now',
    description: (target) => `The ${target} slot takes all traffic at once.`,
  },
  progressive: {
    label: 'Progressive',
    description: (target) =>
      `Traffic moves to the ${target} slot in steps, each held while it stays healthy; it rolls back on its own if it turns unhealthy.`,
  },
};

/** How the switch moves traffic: all at once, or in steps (the steps and windows of a progressive one). */
export function SwitchModeFields({ form, target }: SwitchModeFieldsProps) {
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <div className="grid gap-4">
      <div role="radiogroup" aria-label="How traffic moves" className="grid gap-2 sm:grid-cols-2">
        {switchModes.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              mode === value && 'border-primary bg-accent',
            )}
          >
            <input type="radio" value={value} className="mt-1 accent-primary" {...form.register('mode')} />
            <span className="space-y-1">
              <span className="block font-medium">{modeText[value].label}</span>
              <span className="block text-muted-foreground">{modeText[value].description(target)}</span>
            </span>
          </label>
        ))}
      </div>
      {mode === 'progressive' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormTextField
            form={form}
            name="steps"
            id="switch-steps"
            label="Steps (% of traffic)"
            description="Increasing, ending at 100"
            className="sm:col-span-3"
          />
          <FormTextField
            form={form}
            name="analysisWindowSeconds"
            id="switch-analysis"
            label="Analysis window (s)"
            description="Each step is held this long"
            type="number"
          />
          <FormTextField
            form={form}
            name="watchWindowSeconds"
            id="switch-watch"
            label="Watch window (s)"
            description="Watched after 100%"
            type="number"
          />
        </div>
      )}
    </div>
  );
}
