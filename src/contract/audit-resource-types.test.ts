import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_RESOURCE_TYPES } from './audit';

const SERVER = fileURLToPath(new URL('../server', import.meta.url));

/** Every production source file of the server. */
function serverSources(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The resource types written where the server names one: `resourceType: 'tenant'`, a choice of two
 * (`scope === null ? 'platform' : 'tenant'`) or a union type (`'microfrontend' | 'capability'`).
 */
function auditedTypes(): Set<string> {
  const types = new Set<string>();
  for (const file of serverSources()) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      // A column alias (`.as('resource_type')`) names a column, not a type.
      const named = /resourceType\??:\s*(.*)$/.exec(line.replace(/\.as\('[^']*'\)/g, ''))?.[1];
      for (const [, type] of named?.matchAll(/'([a-z_-]+)'/g) ?? []) if (type) types.add(type);
    }
  }
  return types;
}

describe('AUDIT_RESOURCE_TYPES', () => {
  // Until the server's audit record is typed by the constant, its source says which types it records;
  // the console's live table has an entry per constant member (src/web/app/resource-effects.test.ts).
  it('holds every resource type the server records audit events with', () => {
    const types = auditedTypes();
    expect(types.size).toBeGreaterThan(10);
    expect([...types].filter((type) => !(AUDIT_RESOURCE_TYPES as readonly string[]).includes(type))).toEqual(
      [],
    );
  });
});
