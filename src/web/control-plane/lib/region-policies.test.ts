import { describe, expect, it } from 'vitest';
import { defaultContext } from '@/control-plane/lib/default-context';
import { parseOverrides, serializeOverrides, setRegionAllowed } from '@/lib/region-policies';
import { makeTenant } from '@/test/control-plane-fixtures';

const allEnabled = { developmentEnabled: true, uatEnabled: true, productionEnabled: true };

describe('region policies', () => {
  it('removes a disallowed region from every override', () => {
    const next = setRegionAllowed(
      {
        allowed: ['us-east-1', 'eu-west-1'],
        overrides: { uat: ['eu-west-1'], production: ['us-east-1', 'eu-west-1'] },
      },
      'eu-west-1',
      false,
    );
    expect(next).toEqual({ allowed: ['us-east-1'], overrides: { uat: [], production: ['us-east-1'] } });
  });

  it('serializes only enabled environments with allowed regions, else null', () => {
    expect(serializeOverrides({ uat: [], production: [] }, ['us-east-1'], allEnabled)).toBeNull();
    expect(
      serializeOverrides({ development: ['us-east-1'], uat: ['us-east-1'] }, ['us-east-1'], {
        ...allEnabled,
        uatEnabled: false,
      }),
    ).toBe(JSON.stringify([{ environment: 'development', regions: ['us-east-1'] }]));
  });

  it('parses stored text leniently', () => {
    expect(parseOverrides('nope')).toEqual({});
    expect(parseOverrides(JSON.stringify([{ environment: 'uat', regions: ['a'] }]))).toEqual({ uat: ['a'] });
  });
});

describe('defaultContext', () => {
  it("opens on production and the first region its override allows, else the tenant's first allowed region", () => {
    expect(
      defaultContext(
        makeTenant({
          allowedRegions: ['us-east-1', 'us-west-2'],
          environmentRegionPolicies: JSON.stringify([{ environment: 'production', regions: ['us-west-2'] }]),
        }),
      ),
    ).toEqual({ environment: 'production', region: 'us-west-2' });
    expect(defaultContext(makeTenant({ productionEnabled: false, allowedRegions: ['eu-west-2'] }))).toEqual({
      environment: 'development',
      region: 'eu-west-2',
    });
    expect(defaultContext(makeTenant({ allowedRegions: null }))).toEqual({
      environment: 'production',
      region: 'us-east-1',
    });
  });
});
