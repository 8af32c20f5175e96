import { useParams } from 'react-router';
import { ScreenPending } from '@/components/screen-pending';

export function CapabilityConfigurationPage() {
  const { capabilityId } = useParams();
  return (
    <ScreenPending
      title="Capability Configuration"
      description={capabilityId ? `Capability ${capabilityId}` : undefined}
      back={{ to: '/apis', label: 'Back to Capabilities' }}
    />
  );
}
