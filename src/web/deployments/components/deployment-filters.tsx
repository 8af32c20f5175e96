import { environmentNames } from '@contract/vocabulary';
import { ServerCombobox } from '@/components/server-combobox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  environments,
  isEnvironment,
  kindText,
  type Environment,
  type ResourceKind,
} from '@/deployments/lib/resource-kinds';
import { resourceOptionsQuery } from '@/deployments/lib/resource-options';

type DeploymentFiltersProps = {
  kind: ResourceKind;
  resourceId: string | undefined;
  onResourceChange: (id: string) => void;
  environment: Environment;
  onEnvironmentChange: (environment: Environment) => void;
};

/** The resource picker (searching microfrontends or capabilities on the server) and the environment select. */
export function DeploymentFilters({
  kind,
  resourceId,
  onResourceChange,
  environment,
  onEnvironmentChange,
}: DeploymentFiltersProps) {
  const { label, noun } = kindText[kind];
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="grid gap-2">
        <Label htmlFor="deployment-resource">{label}</Label>
        <ServerCombobox
          id="deployment-resource"
          label={label}
          value={resourceId ?? ''}
          onChange={onResourceChange}
          optionsQuery={resourceOptionsQuery[kind]}
          placeholder={`Select a ${noun}`}
          searchPlaceholder={`Search ${kind}...`}
          className="w-64"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="deployment-environment">Environment</Label>
        <Select
          value={environment}
          onValueChange={(value) => isEnvironment(value) && onEnvironmentChange(value)}
        >
          <SelectTrigger id="deployment-environment" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {environments.map((value) => (
              <SelectItem key={value} value={value}>
                {environmentNames[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
