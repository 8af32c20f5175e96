import type { Capability } from '@contract/capabilities';
import { CodeBlock } from '@/components/code-block';
import { PageHeader } from '@/components/page-header';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The schema text indented; the raw text when it does not parse. */
export function prettySchema(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Name, description, status badge, version, category, endpoint and the configuration schema. */
export function CapabilityDetails({ capability }: { capability: Capability }) {
  const facts = [
    ['ID', capability.id],
    ['Version', capability.version],
    ['Category', capability.category],
    ['Endpoint', capability.endpoint],
  ] as const;

  return (
    <>
      <PageHeader
        title={capability.name}
        description={capability.description ?? undefined}
        actions={<StatusBadge status={capability.status} />}
      />
      <Card>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="capability-facts">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0 space-y-1">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="font-mono text-sm break-all">{value || '—'}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {capability.configurationSchema && (
        <Card>
          <CardHeader>
            <CardTitle>Configuration Schema</CardTitle>
            <CardDescription>
              Every tenant configuration of this capability must satisfy this JSON Schema.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CodeBlock
              label="Configuration schema"
              className="max-h-96 rounded-md p-4"
              data-testid="configuration-schema"
            >
              {prettySchema(capability.configurationSchema)}
            </CodeBlock>
          </CardContent>
        </Card>
      )}
    </>
  );
}
