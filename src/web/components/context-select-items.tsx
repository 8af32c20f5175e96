import { environmentName } from '@contract/vocabulary';
import { enabledEnvironments, type GovernedTenant } from '@contract/governance';
import { SelectContent, SelectItem } from '@/components/ui/select';

/** A select's choice of the tenant's enabled environments, by name. */
export function EnvironmentItems({ tenant }: { tenant: GovernedTenant }) {
  return <ContextItems values={enabledEnvironments(tenant)} name={environmentName} />;
}

/** A select's choice of regions. */
export function RegionItems({ regions }: { regions: readonly string[] }) {
  return <ContextItems values={regions} name={(region) => region} />;
}

function ContextItems({ values, name }: { values: readonly string[]; name: (value: string) => string }) {
  return (
    <SelectContent>
      {values.map((value) => (
        <SelectItem key={value} value={value}>
          {name(value)}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
