import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DeploymentsPanel } from '@/deployments/components/deployments-panel';
import { isResourceKind, kindText, resourceKinds } from '@/deployments/lib/resource-kinds';
import { useDeploymentSelection } from '@/deployments/lib/use-deployment-selection';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /deployments: blue-green slots of microfrontends and capabilities (docs/product.md, Deployments). */
export function DeploymentsPage() {
  useDocumentTitle('Deployments');
  const { selection, setKind, setResourceId, setEnvironment } = useDeploymentSelection();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Blue-Green Deployments"
        description="Each environment has a blue and a green slot: deploy to the idle one, then switch traffic to it."
      />
      <Tabs value={selection.kind} onValueChange={(value) => isResourceKind(value) && setKind(value)}>
        <TabsList aria-label="Resource type">
          {resourceKinds.map((kind) => (
            <TabsTrigger key={kind} value={kind}>
              {kindText[kind].tab}
            </TabsTrigger>
          ))}
        </TabsList>
        {resourceKinds.map((kind) => (
          <TabsContent key={kind} value={kind} className="pt-4">
            <DeploymentsPanel
              kind={kind}
              resourceId={selection.resourceId}
              environment={selection.environment}
              onResourceChange={setResourceId}
              onEnvironmentChange={setEnvironment}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
