import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import type { OpaPolicy } from '../../contract/gateway';
import { prefersJson } from './negotiation';
import { noneMatchHits } from '../http/conditional-get';
import { opaBundle } from './opa-bundle';

const policy = (n: number, policyContent: string): OpaPolicy => ({
  id: `p${n}`,
  lineageId: `00000000-0000-4000-8000-00000000000${n}`,
  tenantId: 't',
  capabilityId: 'c',
  environment: 'uat',
  name: `P${n}`,
  description: null,
  policyType: 'authz',
  policyContent,
  enabled: true,
  version: 1,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: null,
});

async function names(archive: Buffer): Promise<string[]> {
  const found: string[] = [];
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    found.push(header.name);
    stream.on('end', next);
    stream.resume();
  });
  const done = new Promise<void>((resolve) => reader.on('finish', () => resolve()));
  Readable.from([gunzipSync(archive)]).pipe(reader);
  await done;
  return found;
}

describe('OPA bundle archive', () => {
  it('keeps package paths longer than a tar name field whole (ustar prefix)', async () => {
    const segments = Array.from({ length: 12 }, (_, i) => `segment_number_${i}`);
    const bundle = opaBundle({ id: 't', name: 'T' }, 'uat', [policy(1, `package ${segments.join('.')}\n`)]);
    const path = `${segments.join('/')}/policy.rego`;
    expect(path.length).toBeGreaterThan(100);
    expect(await names(bundle.archive)).toContain(path);
  });

  it('declares rego_version 1 in .manifest, so OPA reads every file as Rego v1', () => {
    const bundle = opaBundle({ id: 't', name: 'T' }, 'uat', [
      policy(1, 'package x.a\n\nallow if input.ok\n'),
    ]);
    const manifest = bundle.files.find((file) => file.path === '.manifest');
    // OPA's bundle.Manifest: `RegoVersion *int \`json:"rego_version,omitempty"\``: the number 1, not "v1".
    expect(JSON.parse(manifest?.content ?? '{}').rego_version).toBe(1);
    expect(bundle.manifest.rego_version).toBe(1);
  });

  it('serves a policy stored before the Rego check as approved, never drops it', () => {
    // v0 syntax OPA refuses under rego_version 1: OPA keeps its last bundle; dropping it would change policy.
    const legacy = policy(1, 'package x.legacy\n\nallow { input.ok }\n');
    const bundle = opaBundle({ id: 't', name: 'T' }, 'uat', [legacy]);
    expect(bundle.files.find((file) => file.path === 'x/legacy/policy.rego')?.content).toBe(
      legacy.policyContent,
    );
    // Without a valid package clause it has no place in the bundle.
    const headless = opaBundle({ id: 't', name: 'T' }, 'uat', [policy(2, 'allow := true\n')]);
    expect(headless.files.map((file) => file.path).filter((path) => path.endsWith('.rego'))).toEqual([]);
  });

  it('is the same bytes whatever order the policies come in, and changes with any content', () => {
    const a = policy(1, 'package x.a\n');
    const b = policy(2, 'package x.b\n');
    const first = opaBundle({ id: 't', name: 'T' }, 'uat', [a, b]);
    const second = opaBundle({ id: 't', name: 'T' }, 'uat', [b, a]);
    expect(Buffer.compare(first.archive, second.archive)).toBe(0);
    expect(second.etag).toBe(first.etag);
    const changed = opaBundle({ id: 't', name: 'T' }, 'uat', [
      a,
      policy(2, 'package x.b\n\nallow := true\n'),
    ]);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.manifest.revision).not.toBe(first.manifest.revision);
    expect(first.manifest.roots).toEqual(['resource_manager/t/uat', 'x/a', 'x/b']);
  });
});

describe('artifact negotiation', () => {
  it('answers JSON only when Accept prefers it', () => {
    expect(prefersJson(undefined)).toBe(false);
    expect(prefersJson('*/*')).toBe(false);
    expect(prefersJson('application/json')).toBe(true);
    expect(prefersJson('application/json, */*;q=0.1')).toBe(true);
    expect(prefersJson('application/yaml, application/json')).toBe(false);
    expect(prefersJson('application/yaml;q=0.5, application/json;q=0.9')).toBe(true);
    expect(prefersJson('text/html')).toBe(false);
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(noneMatchHits(undefined, '"a"')).toBe(false);
    expect(noneMatchHits('"a"', '"a"')).toBe(true);
    expect(noneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(noneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(noneMatchHits('*', '"a"')).toBe(true);
    expect(noneMatchHits('"b"', '"a"')).toBe(false);
  });
});
