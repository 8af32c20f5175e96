import { ScreenPending } from '@/components/screen-pending';

export function UsersPage() {
  return <ScreenPending title="User Management" />;
}
