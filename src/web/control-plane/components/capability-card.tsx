import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { CircleCheck, History, Settings } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { prettyJson } from '@/control-plane/lib/json-text';

type CapabilityCardProps = {
  capability: Capability;
  /** The active configuration in the chosen context, if any. */
  active: ConfigurationVersion | undefined;
  canConfigure: boolean;
  onConfigure: () => void;
  onHistory: () => void;
};

/** Name (with a tick when configured), status, version and category. */
function CapabilityCardHeader({ capability, configured }: { capability: Capability; configured: boolean }) {
  return (
    <CardHeader>
      <div className="flex items-start justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          {capability.name}
          {configured && (
            <CircleCheck
              className="size-4 text-success"
              aria-label="Configured"
              data-testid="configured-tick"
            />
          )}
        </CardTitle>
        <StatusBadge status={capability.status} />
      </div>
      <CardDescription className="flex flex-wrap items-center gap-2">
        {capability.version && <span>v{capability.version}</span>}
        {capability.category && <Badge variant="outline">{capability.category}</Badge>}
      </CardDescription>
    </CardHeader>
  );
}

/** The active version's number, context and configuration. */
function ActiveConfiguration({ name, active }: { name: string; active: ConfigurationVersion }) {
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="active-configuration">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Version {active.version}</span>
        <Badge variant="secondary">{active.environment}</Badge>
        <Badge variant="secondary">{active.region}</Badge>
      </div>
      <CodeBlock
        label={`Active configuration of ${name}`}
        className="max-h-40"
        data-testid="active-configuration-text"
      >
        {prettyJson(active.configuration)}
      </CodeBlock>
    </div>
  );
}

export function CapabilityCard({
  capability,
  active,
  canConfigure,
  onConfigure,
  onHistory,
}: CapabilityCardProps) {
  return (
    <Card data-testid={`capability-card-${capability.id}`} aria-label={capability.name} role="article">
      <CapabilityCardHeader capability={capability} configured={!!active} />
      <CardContent className="flex-1 space-y-3 text-sm">
        {capability.description && (
          <p className="line-clamp-2 text-muted-foreground">{capability.description}</p>
        )}
        {capability.endpoint && <p className="truncate font-mono text-xs">{capability.endpoint}</p>}
        {active && <ActiveConfiguration name={capability.name} active={active} />}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {canConfigure && (
          <Button size="sm" onClick={onConfigure}>
            <Settings aria-hidden="true" />
            {active ? 'Update Configuration' : 'Configure'}
          </Button>
        )}
        {active && (
          <Button size="sm" variant="outline" onClick={onHistory}>
            <History aria-hidden="true" />
            History
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
