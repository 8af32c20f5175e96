// The API tokens feature's public surface: other features and the app shell import only from here.
export { ApiAccessPage } from '@/api-tokens/components/api-access-page';
export { ApiTokensPanel } from '@/api-tokens/components/api-tokens-panel';
export { apiTokenKeys, invalidateApiTokens } from '@/api-tokens/api/api-token-keys';
