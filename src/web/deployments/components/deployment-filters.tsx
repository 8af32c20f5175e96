import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  environmentLabels,
  environments,
  isEnvironment,
  kindText,
  type Environment,
  type ResourceKind,
} from '@/deployments/lib/resource-kinds';

type DeploymentFiltersProps = {
  kind: ResourceKind;
  resources: { id: string; name: string }[];
  resourcesLoading: boolean;
  resourceId: string | undefined;
  onResourceChange: (id: string) => void;
  environment: Environment;
  onEnvironmentChange: (environment: Environment) => void;
};

/** The resource select (microfrontends or capabilities) and the environment select. */
export function DeploymentFilters({
  kind,
  resources,
  resourcesLoading,
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
        <Select value={resourceId ?? ''} onValueChange={onResourceChange} disabled={resources.length === 0}>
          <SelectTrigger id="deployment-resource" className="w-64">
            <SelectValue placeholder={resourcesLoading ? 'Loading...' : `Select a ${noun}`} />
          </SelectTrigger>
          <SelectContent>
            {resources.map((resource) => (
              <SelectItem key={resource.id} value={resource.id}>
                {resource.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
                {environmentLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
