import { controlPlaneRegions, environments, type Environment } from '@contract/common';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { environmentName } from '@/tenants/control-plane/lib/labels';

type ContextFilterProps = {
  environment: Environment;
  onEnvironmentChange: (environment: Environment) => void;
  /** Without a region (and its handler) only the environment is chosen: the Gateway & Policies tab. */
  region?: string;
  onRegionChange?: (region: string) => void;
  label?: string;
};

/** The (environment, region) whose active configurations the cards show, or the environment alone. */
export function ContextFilter({
  environment,
  region,
  onEnvironmentChange,
  onRegionChange,
  label = 'Configuration context',
}: ContextFilterProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row" role="search" aria-label={label}>
      <div className="space-y-2">
        <Label htmlFor="context-environment">Environment</Label>
        <Select value={environment} onValueChange={(value) => onEnvironmentChange(value as Environment)}>
          <SelectTrigger id="context-environment" className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {environments.map((value) => (
              <SelectItem key={value} value={value}>
                {environmentName(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {region !== undefined && onRegionChange && (
        <div className="space-y-2">
          <Label htmlFor="context-region">AWS Region</Label>
          <Select value={region} onValueChange={onRegionChange}>
            <SelectTrigger id="context-region" className="w-full sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {controlPlaneRegions.map((value) => (
                <SelectItem key={value} value={value}>
                  {value}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </div>
  );
}
