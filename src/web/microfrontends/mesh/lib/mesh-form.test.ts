import { describe, expect, it } from 'vitest';
import { meshFieldOf, menuProblem, newMeshItem, toCreateMeshBody } from '@/microfrontends/mesh/lib/mesh-form';
import { countMenuItems, parseConfigOverride } from '@/microfrontends/mesh/lib/mesh-json';

describe('mesh form helpers', () => {
  it('applies a configuration override only when it parses to a JSON object', () => {
    expect(parseConfigOverride('{"a": 1}')).toEqual({ a: 1 });
    expect(parseConfigOverride('')).toBeNull();
    expect(parseConfigOverride('{"a": ')).toBeNull();
    expect(parseConfigOverride('[1, 2]')).toBeNull();
    expect(parseConfigOverride('42')).toBeNull();
    expect(parseConfigOverride('null')).toBeNull();
  });

  it('refuses no items, then incomplete items, with the spec texts', () => {
    expect(menuProblem([])).toEqual({
      title: 'No menu items',
      description: 'Please add at least one menu item.',
    });
    expect(menuProblem([{ ...newMeshItem(), label: 'Home' }])?.title).toBe('Invalid menu items');
    expect(menuProblem([{ ...newMeshItem(), label: 'Home', microfrontendVersionId: 'v1' }])).toBeNull();
  });

  it('builds the POST body: menuItems JSON text ordered 0..n-1, invalid overrides as {}', () => {
    const body = toCreateMeshBody({
      name: 'Portal',
      description: '  ',
      tenantId: 'tenant-001',
      items: [
        { label: 'Home', microfrontendId: 'm1', microfrontendVersionId: 'v1', configText: '{"x": 1}' },
        { label: 'Billing', microfrontendId: 'm2', microfrontendVersionId: 'v2', configText: '{oops' },
      ],
    });
    expect(body.description).toBeNull();
    expect(JSON.parse(body.menuItems)).toEqual([
      { label: 'Home', microfrontendVersionId: 'v1', config: { x: 1 }, order: 0 },
      { label: 'Billing', microfrontendVersionId: 'v2', config: {}, order: 1 },
    ]);
  });

  it("maps the server's issue paths to form fields", () => {
    expect(meshFieldOf('body.menuItems.1.label')).toBe('items.1.label');
    expect(meshFieldOf('body.menuItems.0.microfrontendVersionId')).toBe('items.0.microfrontendVersionId');
    expect(meshFieldOf('body.tenantId')).toBe('tenantId');
    expect(meshFieldOf('body.menuItems')).toBeUndefined();
  });

  it('counts menu items, 0 when malformed', () => {
    expect(countMenuItems('[{}, {}]')).toBe(2);
    expect(countMenuItems('nope')).toBe(0);
  });
});
