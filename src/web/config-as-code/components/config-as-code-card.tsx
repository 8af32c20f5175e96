import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportMenu } from '@/config-as-code/components/export-menu';
import { GitSection } from '@/config-as-code/components/git-section';
import { PlanButton } from '@/config-as-code/components/plan-button';

/**
 * Settings → Configuration as code (administrators): the platform's shared state as a document to
 * export, plan a file against it, and keep it in Git.
 */
export function ConfigAsCodeCard() {
  return (
    <>
      <Card data-testid="config-as-code-card">
        <CardHeader>
          <CardTitle role="heading" aria-level={2}>
            Configuration as code
          </CardTitle>
          <CardDescription>
            The platform’s capabilities, templates, microfrontends and approval policy as one YAML or JSON
            document: export it, or plan a file against the live state and file it as a release.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <ExportMenu tenantId={null} name="Platform" />
          <PlanButton tenantId={null} name="the platform" />
        </CardContent>
      </Card>
      <GitSection tenantId={null} name="the platform" />
    </>
  );
}

/** The tenant page's header actions: Export (YAML / JSON) and Plan from a file. */
export function TenantConfigActions({ tenantId, name }: { tenantId: string; name: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ExportMenu tenantId={tenantId} name={name} />
      <PlanButton tenantId={tenantId} name={name} />
    </div>
  );
}
