import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Environment } from '../../contract/common';
import type { OpaPolicy } from '../../contract/gateway';
import { packageOf } from './policies-service';

/*
 * An OPA bundle (docs/gateway.md) of one tenant's active, enabled policies in one environment:
 * - one `policy.rego` per policy in the directory of its package (`tenants.acme.authz` ->
 *   `tenants/acme/authz/policy.rego`);
 * - `resource_manager/<tenant>/<environment>/data.json`: which tenant and environment the bundle is;
 * - `.manifest`: `revision` (a hash of every other file), `roots` (the package paths and the data
 *   directory, nested ones folded into their parent, as OPA refuses overlapping roots) and
 *   `rego_version: 1` (the files are Rego v1).
 * The archive is byte-deterministic (sorted entries, fixed times, owners and modes, fixed gzip header),
 * so its hash is a strong ETag that changes exactly when the content does.
 */

export interface BundleFile {
  path: string;
  content: string;
}

export interface OpaBundle {
  files: BundleFile[];
  manifest: { revision: string; roots: string[]; rego_version: 1; metadata: Record<string, string> };
  archive: Buffer;
  etag: string;
}

const BLOCK = 512;
/** 2026-01-01T00:00:00Z: a fixed modification time, so the archive does not change with the clock. */
const FIXED_MTIME = 1_767_225_600;

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** Splits a long path into ustar's prefix (155 bytes) and name (100 bytes) at a slash. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`Path too long for a tar entry: ${path}`);
}

/** One ustar header for a regular file. */
function tarHeader(path: string, size: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(path);
  writeString(header, 0, 100, name);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, FIXED_MTIME);
  header.fill(' ', 148, 156);
  writeString(header, 156, 1, '0');
  writeString(header, 257, 6, 'ustar\0');
  writeString(header, 263, 2, '00');
  writeString(header, 265, 32, 'root');
  writeString(header, 297, 32, 'root');
  writeString(header, 345, 155, prefix);
  let checksum = 0;
  for (const byte of header) checksum += byte;
  writeString(header, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** A tar archive of the files, in the order given. */
export function tar(files: BundleFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const body = Buffer.from(file.content, 'utf8');
    parts.push(tarHeader(file.path, body.length), body);
    const padding = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/** Gzip with a fixed header: Node writes mtime 0; the OS byte is set to "unknown" on every platform. */
function deterministicGzip(data: Buffer): Buffer {
  const gz = gzipSync(data, { level: 9 });
  gz[9] = 0xff;
  return gz;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Root paths with those nested in another removed (`a/b` goes when `a` is there). */
function foldRoots(roots: string[]): string[] {
  const sorted = [...new Set(roots)].sort();
  return sorted.filter((root) => !sorted.some((other) => other !== root && root.startsWith(`${other}/`)));
}

const byPath = (a: BundleFile, b: BundleFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Builds the bundle of `policies` (the active, enabled policies of one tenant and environment). */
export function opaBundle(
  tenant: { id: string; name: string },
  environment: Environment,
  policies: OpaPolicy[],
): OpaBundle {
  const dataRoot = `resource_manager/${tenant.id}/${environment}`;
  const roots = [dataRoot];
  const files: BundleFile[] = [];
  const policyIndex: Record<string, unknown>[] = [];
  for (const policy of policies) {
    // A policy saved before today's Rego check may fail it: it is served as approved, never dropped,
    // so OPA refuses that bundle revision and keeps the last one it loaded (dropping a policy would change
    // what production enforces without anyone approving it). One with no valid package has no place.
    const pkg = packageOf(policy);
    if (!pkg) continue;
    const dir = pkg.split('.').join('/');
    roots.push(dir);
    files.push({ path: `${dir}/policy.rego`, content: policy.policyContent });
    policyIndex.push({
      name: policy.name,
      package: pkg,
      policyType: policy.policyType,
      capabilityId: policy.capabilityId,
      lineageId: policy.lineageId,
      version: policy.version,
    });
  }
  policyIndex.sort((a, b) => String(a.package).localeCompare(String(b.package)));
  files.push({
    path: `${dataRoot}/data.json`,
    content: `${JSON.stringify({ tenant: { id: tenant.id, name: tenant.name }, environment, policies: policyIndex }, null, 2)}\n`,
  });
  files.sort(byPath);
  const revision = sha256(files.map((f) => `${f.path}\0${sha256(f.content)}\n`).join(''));
  const manifest = {
    revision,
    roots: foldRoots(roots),
    // OPA's Manifest.RegoVersion (`rego_version`, an int): 1 makes OPA parse every file as Rego v1,
    // the syntax the console checks, whatever OPA's own default or flags.
    rego_version: 1 as const,
    metadata: { tenant: tenant.id, environment },
  };
  const all = [{ path: '.manifest', content: `${JSON.stringify(manifest, null, 2)}\n` }, ...files];
  const archive = deterministicGzip(tar(all));
  return { files: all, manifest, archive, etag: `"${sha256(archive)}"` };
}
