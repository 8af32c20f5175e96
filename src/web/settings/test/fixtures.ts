// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
