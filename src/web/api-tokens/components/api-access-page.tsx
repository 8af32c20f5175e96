import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiTokensPanel } from '@/api-tokens/components/api-tokens-panel';

/** /api-access: the signed-in person's API tokens, for scripts and pipelines (docs/api-access.md). */
export function ApiAccessPage() {
  useDocumentTitle('API access');
  return (
    <div className="space-y-6">
      <PageHeader
        title="API access"
        description="Tokens let scripts and pipelines call the API as you, with your rights or fewer."
      />
      <ApiTokensPanel owner={null} canCreate />
    </div>
  );
}
