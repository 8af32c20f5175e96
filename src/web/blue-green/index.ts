// The blue-green feature's public surface: a tenant's and a shared capability's slots per environment
// (switch, roll back, slot versions), composed into the control plane and the capability page.
export {
  BlueGreenSectionsCard,
  blueGreenEnvironments,
} from '@/blue-green/components/blue-green-sections-card';
export type { BlueGreenTarget } from '@/blue-green/components/api';
