import { ScreenPending } from '@/components/screen-pending';

export function WebAppsPage() {
  return <ScreenPending title="Web Applications" />;
}
