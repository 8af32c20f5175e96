import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  FIRST_VISIT_ROUTES,
  firstVisitRoute,
  SESSION_CHECK_REQUEST,
  SHELL_MODULES,
  type FirstVisitRoute,
} from '../../contract/first-visit';

/**
 * The `Link` header of the client's page (docs/architecture.md, "How the first visit loads"). For a visitor
 * with a session cookie, the browser starts, while it reads the HTML:
 * - the session check and a list screen's first API requests (in its default view);
 * - the chunks of the shell, of the screen and of its route-data module.
 * Without it they would start only once the entry script had loaded and run. The client's own requests
 * then take the preloaded answers: the URLs are the ones `src/contract/first-visit.ts` names and the
 * client's route-data modules are tested to send.
 */
export type FirstVisitLinks = (
  pathname: string,
  search: string,
  signedIn: boolean,
  /** The server rendered the page with its answers (http/server-render.ts): only its code is left to load. */
  rendered?: boolean,
) => string | undefined;

/** The part of Vite's build manifest read here: each source module's chunk and the chunks it imports. */
const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** The client module that starts the route's queries: a client without it would not use the preloads. */
const ROUTE_DATA_MODULE = 'app/route-data.ts';

/** The build's manifest at `path`; a file that is not one stops start-up with an error naming it. */
function readManifest(path: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${String(error)}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a Vite build manifest: ${parsed.error.message}`);
  return parsed.data;
}

/** Adds `key` and the chunks it imports statically, transitively, to `into`. */
function addWithImports(manifest: Manifest, key: string, into: Set<string>): void {
  const entry = manifest[key];
  if (!entry || into.has(key)) return;
  into.add(key);
  for (const imported of entry.imports ?? []) addWithImports(manifest, imported, into);
}

/** The chunks index.html loads itself: the entries, what they import, and the route-data table it preloads. */
function pageChunks(manifest: Manifest): Set<string> {
  const loadedByPage = new Set<string>();
  for (const [key, entry] of Object.entries(manifest))
    if (entry.isEntry) addWithImports(manifest, key, loadedByPage);
  // index.html modulepreloads the route-data table too (vite.config.ts).
  addWithImports(manifest, ROUTE_DATA_MODULE, loadedByPage);
  return loadedByPage;
}

/** The chunk files (`/assets/...js`) a screen needs beyond those index.html loads (`loadedByPage`). */
function screenChunks(manifest: Manifest, loadedByPage: Set<string>, route: FirstVisitRoute): string[] {
  const needed = new Set<string>();
  for (const key of [...SHELL_MODULES, route.screen, `app/route-queries/${route.module}.ts`])
    addWithImports(manifest, key, needed);
  return [...needed].filter((key) => !loadedByPage.has(key)).map((key) => `/${manifest[key]?.file}`);
}

const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
const moduleLink = (url: string) => `<${url}>; rel=modulepreload`;

/**
 * Builds the page's Link header for the client in `clientDir`, its manifest read once, here. A client
 * built without the route-data module (or without a manifest) gets none: nothing of it would read them.
 */
export function firstVisitLinks(clientDir: string): FirstVisitLinks {
  const path = join(clientDir, '.vite', 'manifest.json');
  const manifest = existsSync(path) ? readManifest(path) : undefined;
  if (!manifest?.[ROUTE_DATA_MODULE]) return () => undefined;
  const loadedByPage = pageChunks(manifest);
  const chunks = new Map<string, string[]>(
    Object.values(FIRST_VISIT_ROUTES).map((route) => [
      route.module,
      screenChunks(manifest, loadedByPage, route),
    ]),
  );
  return (pathname, search, signedIn, rendered = false) => {
    // Signed out, every API request answers 401 and the page goes to the sign-in form.
    if (!signedIn) return undefined;
    const route = firstVisitRoute(pathname);
    return [
      ...(rendered ? [] : [fetchLink(SESSION_CHECK_REQUEST)]),
      // Any other view's requests depend on the address and the browser's time zone: the chunk builds them.
      ...(route && search === '' && !rendered ? route.requests.map(fetchLink) : []),
      ...(route ? (chunks.get(route.module) ?? []).map(moduleLink) : []),
    ].join(', ');
  };
}
