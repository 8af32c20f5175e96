import { ScreenPending } from '@/components/screen-pending';

export function SettingsPage() {
  return <ScreenPending title="Settings" />;
}
