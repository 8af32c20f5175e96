// The deployments feature's public surface: other features and the app shell import only from here.
export { DeploymentsPage } from '@/deployments/components/deployments-page';
export { deploymentKeys, invalidateDeployments } from '@/deployments/api/deployment-keys';
export { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
