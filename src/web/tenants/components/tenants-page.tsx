import { ScreenPending } from '@/components/screen-pending';

export function TenantsPage() {
  return <ScreenPending title="Tenant Management" />;
}
