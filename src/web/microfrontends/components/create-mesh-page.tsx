import { PageHeader } from '@/components/page-header';
import { CreateMeshForm } from '@/microfrontends/mesh/components/create-mesh-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /apps/create-mesh (docs/product.md, Create Web App Mesh). */
export function CreateMeshPage() {
  useDocumentTitle('Create Web App Mesh');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Create Web App Mesh"
        description="Compose published microfrontend versions into a menu for a tenant."
      />
      <CreateMeshForm />
    </div>
  );
}
