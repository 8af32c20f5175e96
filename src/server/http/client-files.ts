import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { strongEtag } from './conditional-get';
import { weightedValues } from './weighted-header';

/*
 * The built client's files, served from memory (docs/architecture.md, "How the first visit loads"). The
 * files are a fixed set once built: their list is read at start-up, each one's bytes on its first request,
 * per encoding, and kept. Reading a file from disk per request (stat, open, read and close through the
 * thread pool) cost about a millisecond of CPU per script, more than an API read, on a first visit's
 * twenty requests.
 */

/** The encodings a client file is stored in beside its plain bytes (scripts/precompress.ts writes them). */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
export type FileEncoding = (typeof ENCODINGS)[number][0] | 'identity';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** One file of the client as it is sent: its bytes in one encoding and their entity tag. */
export interface FileBody {
  bytes: Buffer;
  encoding: FileEncoding;
  etag: string;
}

interface ClientFile {
  path: string;
  contentType: string;
  /** The stored encodings besides identity, in the order they are preferred. */
  encodings: FileEncoding[];
  bodies: Map<FileEncoding, FileBody>;
}

/** Every file under `dir` by its URL path (`/assets/x.js`), less hidden ones (the build's `.vite/`) and variants. */
function listFiles(dir: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>();
  const all = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const names = new Set(all.map((entry) => join(entry.parentPath, entry.name)));
  for (const path of names) {
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    const isVariant = ENCODINGS.some(
      ([, suffix]) => path.endsWith(suffix) && names.has(path.slice(0, -suffix.length)),
    );
    if (isVariant || urlPath.split('/').some((part) => part.startsWith('.'))) continue;
    files.set(urlPath, {
      path,
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      encodings: ENCODINGS.filter(([, suffix]) => names.has(`${path}${suffix}`)).map(
        ([encoding]) => encoding,
      ),
      bodies: new Map(),
    });
  }
  return files;
}

/** The weights of an Accept-Encoding header by coding; `*` stands for any other, a weight not a number is 0. */
function acceptedWeights(header: string | undefined): Map<string, number> {
  return new Map(weightedValues(header).map(({ value, q }) => [value, Number.isFinite(q) ? q : 0]));
}

/** Whether the client takes `encoding`: named with a weight above 0, or covered by `*`. */
function accepts(weights: Map<string, number>, encoding: FileEncoding): boolean {
  const weight = weights.get(encoding) ?? weights.get('*');
  return weight !== undefined && weight > 0;
}

/** The client's files under `dir`; `find` answers one by its URL path, `body` its bytes for a client. */
export function clientFiles(dir: string) {
  const files = existsSync(dir) ? listFiles(dir) : new Map<string, ClientFile>();

  const read = (file: ClientFile, encoding: FileEncoding): FileBody => {
    let body = file.bodies.get(encoding);
    if (!body) {
      const suffix = ENCODINGS.find(([name]) => name === encoding)?.[1] ?? '';
      const bytes = readFileSync(`${file.path}${suffix}`);
      body = { bytes, encoding, etag: strongEtag(bytes) };
      file.bodies.set(encoding, body);
    }
    return body;
  };

  return {
    find: (urlPath: string): ClientFile | undefined => files.get(urlPath),
    /** The file's bytes in the encoding the client prefers among those stored (identity when none fits). */
    body(file: ClientFile, acceptEncoding: string | undefined): FileBody {
      const weights = acceptedWeights(acceptEncoding);
      const encoding = file.encodings.find((candidate) => accepts(weights, candidate)) ?? 'identity';
      return read(file, encoding);
    },
  };
}

export type ClientFiles = ReturnType<typeof clientFiles>;
export type { ClientFile };
