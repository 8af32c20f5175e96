import { technologyDescriptions } from '@contract/vocabulary';
import { Check } from 'lucide-react';
import { Controller, type Control } from 'react-hook-form';
import { cn } from '@/lib/utils';
import type { CreateWebAppFormInput, CreateWebAppFormValues } from '@/web-apps/lib/web-app-form';
import { technologyOptions } from '@/web-apps/lib/web-app-options';

/** Step 1: choose the technology (three options). */
export function WebAppTechnologyStep({
  control,
}: {
  control: Control<CreateWebAppFormInput, unknown, CreateWebAppFormValues>;
}) {
  return (
    <Controller
      control={control}
      name="technology"
      render={({ field }) => (
        <div role="radiogroup" aria-label="Technology" className="grid gap-3">
          {technologyOptions.map(({ value, label }) => {
            const checked = field.value === value;
            return (
              <label
                key={value}
                className={cn(
                  'relative flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  checked && 'border-primary bg-accent',
                )}
              >
                <input
                  type="radio"
                  name={field.name}
                  value={value}
                  checked={checked}
                  onChange={() => field.onChange(value)}
                  className="sr-only"
                />
                <span className="flex-1 space-y-1">
                  <span className="block font-medium">{label}</span>
                  <span className="block text-sm text-muted-foreground">{technologyDescriptions[value]}</span>
                </span>
                {checked && <Check className="size-4 text-primary" aria-hidden="true" />}
              </label>
            );
          })}
        </div>
      )}
    />
  );
}
