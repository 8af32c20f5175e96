import '@/test/dom-polyfills';

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

export { makeCreated, makeToken } from '@/test/api-tokens';
export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
