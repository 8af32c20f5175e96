import type { Environment } from '@contract/common';
import { acceptedRegions, enabledEnvironments, type GovernedTenant } from '@contract/governance';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { environmentHint, regionHint } from '@/lib/context-hints';
import { environmentName, isEnvironment } from '@contract/common';

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
      <div className="space-y-2">
        <Label htmlFor="context-environment">Environment</Label>
        <Select
          value={environment}
          onValueChange={(value) => isEnvironment(value) && onEnvironmentChange(value)}
        >
          <SelectTrigger
            id="context-environment"
            className="w-full sm:w-48"
            aria-describedby={envHint ? 'context-environment-hint' : undefined}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {enabledEnvironments(tenant).map((value) => (
              <SelectItem key={value} value={value}>
                {environmentName(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {envHint && (
          <p id="context-environment-hint" className="text-xs text-muted-foreground">
            {envHint}
          </p>
        )}
      </div>
      {region !== undefined && onRegionChange && (
        <div className="space-y-2">
          <Label htmlFor="context-region">AWS Region</Label>
          <Select value={region} onValueChange={onRegionChange}>
            <SelectTrigger
              id="context-region"
              className="w-full sm:w-48"
              aria-describedby={regHint ? 'context-region-hint' : undefined}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {acceptedRegions(tenant, environment).map((value) => (
                <SelectItem key={value} value={value}>
                  {value}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {regHint && (
            <p id="context-region-hint" className="text-xs text-muted-foreground">
              {regHint}
              {onEditRegionPolicy && (
                <>
                  {' · '}
                  <Button variant="link" className="h-auto p-0 text-xs" onClick={onEditRegionPolicy}>
                    Edit the tenant&apos;s region policy
                  </Button>
                </>
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
