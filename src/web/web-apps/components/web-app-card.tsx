import type { WebApp } from '@contract/web-apps';
import { ExternalLink } from 'lucide-react';
import type * as React from 'react';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { environmentLabel, formatDate, technologyLabel } from '@/lib/format';
import { WebAppCardActions, type WebAppActionHandlers } from '@/web-apps/components/web-app-card-actions';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{children}</dd>
    </div>
  );
}

/** Opens the app in a new tab, without giving it a handle on this page. */
export function openApplication(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** One application on Web Applications (docs/product.md, Web Applications). */
export function WebAppCard({ app, ...handlers }: { app: WebApp } & WebAppActionHandlers) {
  return (
    <Card data-testid="web-app-card" role="article" aria-label={app.name} className="gap-4">
      <CardHeader>
        <CardTitle className="truncate">{app.name}</CardTitle>
        <CardDescription className="line-clamp-2">{app.description}</CardDescription>
        <CardAction className="flex items-center gap-1">
          <StatusBadge status={app.status} />
          <WebAppCardActions app={app} {...handlers} />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="flex flex-wrap gap-1">
          <Badge variant="secondary" data-testid="web-app-technology">
            {technologyLabel(app.technology)}
          </Badge>
          <Badge variant="outline" data-testid="web-app-environment">
            {environmentLabel(app.environment)}
          </Badge>
        </div>
        <dl className="space-y-1.5">
          <Detail label="Region">
            {app.region ?? <span className="text-muted-foreground">Not set</span>}
          </Detail>
          <Detail label="URL">
            {app.url ? (
              <span className="font-mono text-xs" title={app.url}>
                {app.url}
              </span>
            ) : (
              <span className="text-muted-foreground">Not set</span>
            )}
          </Detail>
          <Detail label="Created">{formatDate(app.createdAt)}</Detail>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto">
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
      </CardFooter>
    </Card>
  );
}
