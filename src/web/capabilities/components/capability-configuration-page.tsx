import { useParams } from 'react-router';
import { useCapability } from '@/capabilities/api/get-capability';
import { BlueGreenCard } from '@/capabilities/components/blue-green-card';
import { CapabilityDetails } from '@/capabilities/components/capability-details';
import { NotificationTemplatesCard } from '@/capabilities/components/notification-templates-card';
import { ErrorState } from '@/components/error-state';
import { BackLink } from '@/components/back-link';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /capability/{capabilityId}/configuration (docs/product.md, Capability configuration). */
export function CapabilityConfigurationPage() {
  const { capabilityId = '' } = useParams();
  const capability = useCapability(capabilityId);
  useDocumentTitle(capability.data?.name, 'Capabilities');
  const missing = capability.error instanceof ApiError && capability.error.status === 404;

  return (
    <div className="space-y-6">
      <BackLink to="/apis">Back to Capabilities</BackLink>
      {capability.status === 'pending' && (
        <p aria-busy="true" className="py-8 text-center text-sm text-muted-foreground">
          Loading capability configuration...
        </p>
      )}
      {capability.status === 'error' && (
        <ErrorState
          title="Capability not found"
          error={capability.error}
          fallbackMessage={missing ? `There is no capability ${capabilityId}.` : undefined}
          onRetry={missing ? undefined : () => void capability.refetch()}
        />
      )}
      {capability.status === 'success' && (
        <>
          <CapabilityDetails capability={capability.data} />
          <BlueGreenCard capability={capability.data} />
          {capability.data.supportsNotificationTemplates && (
            <NotificationTemplatesCard capabilityId={capability.data.id} />
          )}
        </>
      )}
    </div>
  );
}
