import { useParams } from 'react-router';
import { ScreenPending } from '@/components/screen-pending';

export function TenantControlPlanePage() {
  const { tenantId } = useParams();
  return (
    <ScreenPending
      title="Tenant Control Plane"
      description={tenantId ? `Tenant ${tenantId}` : undefined}
      back={{ to: '/tenants', label: 'Back to Tenants' }}
    />
  );
}
