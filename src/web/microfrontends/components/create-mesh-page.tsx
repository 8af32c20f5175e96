import { ScreenPending } from '@/components/screen-pending';

export function CreateMeshPage() {
  return <ScreenPending title="Create Web App Mesh" />;
}
