import { ScreenPending } from '@/components/screen-pending';

export function CapabilitiesPage() {
  return <ScreenPending title="Capabilities" />;
}
