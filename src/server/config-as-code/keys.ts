/*
 * The natural key of each resource of a document (docs/config-as-code.md): what names it in the
 * document and in a plan, never an id the server made. Lists sort by these keys.
 */

interface Placed {
  environment: string;
}

/** A configuration: capability, environment and region. */
export const configurationKey = (c: Placed & { capability: string; region: string }) =>
  `${c.capability}/${c.environment}/${c.region}`;

/** A route: environment, methods and path (the same path with other methods is another route). */
export const routeKey = (r: Placed & { path: string; methods: readonly string[] }) =>
  `${r.environment} ${[...r.methods].sort().join(',')} ${r.path}`;

/** A policy: environment and name. */
export const policyKey = (p: Placed & { name: string }) => `${p.environment}/${p.name}`;

/** A mesh's menu item: its place in the menu, then its id. */
export const meshItemKey = (item: { order: number; id: string }) =>
  `${String(item.order).padStart(6, '0')}/${item.id}`;

/** An environment's slots. */
export const slotsKey = (s: Placed) => s.environment;

/** A notification template: name, language and channel within its capability. */
export const templateKey = (t: { name: string; language: string; deliveryChannel: string }) =>
  `${t.name}/${t.language}/${t.deliveryChannel}`;

/** A health check: environment and slot within its capability or microfrontend. */
export const healthCheckKey = (h: Placed & { slot: string }) => `${h.environment}/${h.slot}`;
