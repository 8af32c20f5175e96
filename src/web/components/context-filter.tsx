import { isEnvironment, type Environment } from '@contract/vocabulary';
import { acceptedRegions, type GovernedTenant } from '@contract/governance';
import type { ReactNode } from 'react';
import { EnvironmentItems, RegionItems } from '@/components/context-select-items';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { environmentHint, regionHint } from '@/lib/context-hints';

type ContextFilterProps = {
  /** Its governance decides the choices: enabled environments, and the regions each accepts. */
  tenant: GovernedTenant;
  environment: Environment;
  onEnvironmentChange: (environment: Environment) => void;
  /** Without a region (and its handlers) only the environment is chosen: the Gateway & Policies tab. */
  region?: string;
  onRegionChange?: (region: string) => void;
  /** Opens the tenant's Region Configuration (where the region policy is edited). */
  onEditRegionPolicy?: () => void;
  label?: string;
};

/**
 * The (environment, region) whose active configurations the cards show, or the environment alone.
 * Only choices the tenant's governance accepts are offered (so a Configure never fails on them), with
 * a hint saying why others are missing.
 */
export function ContextFilter({
  tenant,
  environment,
  region,
  onEnvironmentChange,
  onRegionChange,
  onEditRegionPolicy,
  label = 'Configuration context',
}: ContextFilterProps) {
  const envHint = environmentHint(tenant);
  const regHint = regionHint(tenant, environment);
  return (
    <div className="flex flex-col gap-4 sm:flex-row" role="search" aria-label={label}>
      <ContextSelect
        id="context-environment"
        label="Environment"
        value={environment}
        onChange={(value) => isEnvironment(value) && onEnvironmentChange(value)}
        items={<EnvironmentItems tenant={tenant} />}
        hint={envHint}
      />
      {region !== undefined && onRegionChange && (
        <ContextSelect
          id="context-region"
          label="AWS Region"
          value={region}
          onChange={onRegionChange}
          items={<RegionItems regions={acceptedRegions(tenant, environment)} />}
          hint={
            regHint && (
              <>
                {regHint}
                {onEditRegionPolicy && (
                  <>
                    {' · '}
                    <Button variant="link" className="h-auto p-0 text-xs" onClick={onEditRegionPolicy}>
                      Edit the tenant&apos;s region policy
                    </Button>
                  </>
                )}
              </>
            )
          }
        />
      )}
    </div>
  );
}

/** One labelled select of the filter, with the hint (`${id}-hint`) that says why choices are missing. */
function ContextSelect({
  id,
  label,
  value,
  onChange,
  items,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  items: ReactNode;
  hint: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-48" aria-describedby={hint ? `${id}-hint` : undefined}>
          <SelectValue />
        </SelectTrigger>
        {items}
      </Select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
