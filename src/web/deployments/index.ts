// The deployments feature's public surface: other features and the app shell import only from here.
export { DeploymentsPage } from '@/deployments/components/deployments-page';
