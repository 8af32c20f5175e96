import type { WebApp } from '@contract/web-apps';
import { ExternalLink } from 'lucide-react';
import { CardDetail, ResourceCard } from '@/components/resource-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { environmentLabel, formatDate, technologyLabel } from '@/lib/format';
import { WebAppCardActions, type WebAppActionHandlers } from '@/web-apps/components/web-app-card-actions';

/** Opens the app in a new tab, without giving it a handle on this page. */
export function openApplication(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** One application on Web Applications (docs/product.md, Web Applications). */
export function WebAppCard({ app, ...handlers }: { app: WebApp } & WebAppActionHandlers) {
  return (
    <ResourceCard
      data-testid="web-app-card"
      name={app.name}
      title={app.name}
      description={app.description}
      status={app.status}
      actions={<WebAppCardActions app={app} {...handlers} />}
      footer={
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          disabled={!app.url}
          onClick={() => app.url && openApplication(app.url)}
        >
          <ExternalLink aria-hidden="true" />
          Open Application
        </Button>
      }
    >
      <div className="flex flex-wrap gap-1">
        <Badge variant="secondary" data-testid="web-app-technology">
          {technologyLabel(app.technology)}
        </Badge>
        <Badge variant="outline" data-testid="web-app-environment">
          {environmentLabel(app.environment)}
        </Badge>
      </div>
      <dl className="space-y-1.5">
        <CardDetail label="Region">
          {app.region ?? <span className="text-muted-foreground">Not set</span>}
        </CardDetail>
        <CardDetail label="URL">
          {app.url ? (
            <span className="font-mono text-xs" title={app.url}>
              {app.url}
            </span>
          ) : (
            <span className="text-muted-foreground">Not set</span>
          )}
        </CardDetail>
        <CardDetail label="Created">{formatDate(app.createdAt)}</CardDetail>
      </dl>
    </ResourceCard>
  );
}
