import type {
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';

/*
 * A hook that matters to some routes only (writes, POSTs, password bodies) is added to those routes as
 * they are declared, from an `onRoute` hook, rather than to the whole app: an app-wide hook runs on every
 * request, reads included, and an async one costs a promise and two microtask turns even when it returns
 * at once (docs/lists.md, "Hooks only where they apply").
 *
 * Fastify runs a phase's app-wide hooks first, then the route's own in their array order, so `first`
 * puts a hook before every route-level hook of its phase (another plugin's included) and `last` after
 * those added so far.
 */
export type HookPosition = 'first' | 'last';

function placed<Hook>(existing: Hook | Hook[] | undefined, hook: Hook, position: HookPosition): Hook[] {
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return position === 'first' ? [hook, ...list] : [...list, hook];
}

export function addPreValidation(
  route: RouteOptions,
  hook: preValidationHookHandler,
  at: HookPosition,
): void {
  route.preValidation = placed(route.preValidation, hook, at);
}

export function addPreHandler(route: RouteOptions, hook: preHandlerHookHandler, at: HookPosition): void {
  route.preHandler = placed(route.preHandler, hook, at);
}

export function addOnSend(route: RouteOptions, hook: onSendHookHandler, at: HookPosition): void {
  route.onSend = placed(route.onSend, hook, at);
}

export function addOnResponse(route: RouteOptions, hook: onResponseHookHandler, at: HookPosition): void {
  route.onResponse = placed(route.onResponse, hook, at);
}

/** Whether a declared route answers `method` (`route.method` is one method or a list). */
export const routeAnswers = (route: RouteOptions, method: string): boolean =>
  [route.method].flat().includes(method);
