import { describe, expect, it } from 'vitest';
import { controlPlaneRegions, environments } from '../../contract/common';
import { acceptedRegions, enabledEnvironments, regionLimit } from '../../contract/governance';
import type { Tenant } from '../../contract/tenants';
import { assertRegionAllowed } from './governance';

const tenant = (overrides: Partial<Tenant>): Tenant => ({
  id: 'tenant-x',
  revision: 1,
  name: 'Acme',
  description: null,
  status: 'active',
  owner: 'ops@acme.io',
  developmentEnabled: true,
  uatEnabled: true,
  productionEnabled: true,
  idpProvider: null,
  idpConfiguration: null,
  authProvider: null,
  authConfiguration: null,
  apiGatewayConfiguration: null,
  policyServerConfiguration: null,
  dataClassification: null,
  dataRetentionRequirements: null,
  dataResidency: null,
  disasterRecoveryRequirements: null,
  privacyLaws: null,
  allowedRegions: null,
  environmentRegionPolicies: null,
  blueGreenConfig: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

const policies = (list: { environment: string; regions: string[] }[]) => JSON.stringify(list);

/** The tenants the selects are checked on: no limit, allowed regions, overrides, a disabled environment. */
const CASES: Tenant[] = [
  tenant({}),
  tenant({ allowedRegions: ['eu-west-1', 'eu-central-1', 'us-east-1'] }),
  tenant({
    allowedRegions: ['eu-west-1', 'eu-central-1', 'us-east-1'],
    environmentRegionPolicies: policies([
      { environment: 'production', regions: ['eu-central-1'] },
      { environment: 'uat', regions: [] },
    ]),
  }),
  tenant({
    uatEnabled: false,
    environmentRegionPolicies: policies([
      { environment: 'development', regions: ['ap-south-1', 'us-west-2'] },
    ]),
  }),
  tenant({ environmentRegionPolicies: 'not json' }),
];

const accepts = (t: Tenant, environment: (typeof environments)[number], region: string) => {
  try {
    assertRegionAllowed(t, environment, region);
    return true;
  } catch {
    return false;
  }
};

describe('the choices the control plane offers', () => {
  it('are exactly the (environment, region) pairs the server accepts', () => {
    for (const t of CASES) {
      for (const environment of environments) {
        const offered = enabledEnvironments(t).includes(environment) ? acceptedRegions(t, environment) : [];
        const acceptedByServer = controlPlaneRegions.filter((region) => accepts(t, environment, region));
        expect(offered, `${t.environmentRegionPolicies} ${t.allowedRegions} ${environment}`).toEqual(
          acceptedByServer,
        );
      }
    }
  });

  it('name what limits the regions: the override, the allowed regions, or nothing', () => {
    const [open, allowed, overridden] = CASES;
    expect(regionLimit(open!, 'production')).toBeNull();
    expect(regionLimit(allowed!, 'production')).toBe('allowed');
    expect(regionLimit(overridden!, 'production')).toBe('override');
    // An empty override limits nothing beyond the allowed regions.
    expect(regionLimit(overridden!, 'uat')).toBe('allowed');
    expect(acceptedRegions(overridden!, 'production')).toEqual(['eu-central-1']);
    expect(enabledEnvironments(CASES[3]!)).toEqual(['development', 'production']);
  });
});
