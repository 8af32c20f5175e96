import { ScreenPending } from '@/components/screen-pending';

export function DeploymentsPage() {
  return <ScreenPending title="Blue-Green Deployments" />;
}
