import type { Tenant } from '@contract/tenants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodyOf, calls, makeTenant, polyfillPointer, stubApi } from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';

const TENANT = '/api/tenants/tenant-001';

// Radix dialogs and selects under user-event are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Serves `tenant` and answers a PATCH with it merged (as the server would). */
function stubTenant(tenant: Tenant, patchStatus = 200) {
  let current = tenant;
  return stubApi({
    [`GET ${TENANT}`]: () => Response.json(current),
    [`PATCH ${TENANT}`]: (init: RequestInit | undefined) => {
      if (patchStatus !== 200) return new Response('', { status: patchStatus });
      current = { ...current, ...(JSON.parse(String(init?.body)) as Partial<Tenant>) };
      return Response.json(current);
    },
  });
}

async function openConfiguration() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Configuration' }));
}

describe('Tenant Metadata', () => {
  it('saves the five areas and toasts', async () => {
    const fetchMock = stubTenant(makeTenant());
    renderControlPlane();
    await openConfiguration();
    expect(screen.getByLabelText('Data Classification')).toHaveValue('confidential');
    for (const label of ['Data Retention Requirements', 'Data Residency', 'Disaster Recovery Requirements']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    await userEvent.type(screen.getByLabelText('Privacy Laws & Compliance'), 'GDPR');
    const form = screen.getByRole('form', { name: 'Tenant metadata' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(screen.getByText('Tenant configuration has been saved successfully.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, TENANT)).toEqual({
      dataClassification: 'confidential',
      dataRetentionRequirements: '',
      dataResidency: '',
      disasterRecoveryRequirements: '',
      privacyLaws: 'GDPR',
    });
  });

  it("falls back to 'Failed to update configuration.'", async () => {
    stubTenant(makeTenant(), 500);
    renderControlPlane();
    await openConfiguration();
    const form = screen.getByRole('form', { name: 'Tenant metadata' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Failed to update configuration.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});

describe('Region Configuration', () => {
  const overrideGroup = (label: string) => screen.queryByRole('group', { name: `${label} Override` });

  it('shows overrides only once a region is allowed, only for enabled environments, listing only allowed regions', async () => {
    stubTenant(makeTenant({ allowedRegions: null, uatEnabled: false }));
    renderControlPlane();
    await openConfiguration();
    const allowed = screen.getByRole('group', { name: 'Allowed Regions' });
    expect(within(allowed).getAllByRole('checkbox')).toHaveLength(11);
    expect(overrideGroup('Development')).not.toBeInTheDocument();

    await userEvent.click(within(allowed).getByLabelText('eu-west-1'));
    await userEvent.click(within(allowed).getByLabelText('us-east-1'));
    expect(overrideGroup('Development')).toBeInTheDocument();
    expect(overrideGroup('Production')).toBeInTheDocument();
    expect(overrideGroup('UAT')).not.toBeInTheDocument();
    const production = overrideGroup('Production')!;
    expect(
      within(production)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toEqual(['override-production-us-east-1', 'override-production-eu-west-1']);
  });

  it('removes an unchecked region from every override and sends null when no override has regions', async () => {
    const fetchMock = stubTenant(
      makeTenant({
        allowedRegions: ['us-east-1', 'us-west-2'],
        environmentRegionPolicies: JSON.stringify([
          { environment: 'production', regions: ['us-west-2'] },
          { environment: 'development', regions: ['us-west-2'] },
        ]),
      }),
    );
    renderControlPlane();
    await openConfiguration();
    expect(within(overrideGroup('Production')!).getByLabelText('us-west-2')).toBeChecked();

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Allowed Regions' })).getByLabelText('us-west-2'),
    );
    expect(within(overrideGroup('Production')!).queryByLabelText('us-west-2')).not.toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Allowed Regions' })).getByLabelText('us-west-2'),
    );
    expect(within(overrideGroup('Production')!).getByLabelText('us-west-2')).not.toBeChecked();
    expect(within(overrideGroup('Development')!).getByLabelText('us-west-2')).not.toBeChecked();

    const card = screen.getByText('Region Configuration').closest('[data-slot=card]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, TENANT)).toEqual({
      allowedRegions: ['us-east-1', 'us-west-2'],
      environmentRegionPolicies: null,
    });
  });

  it('sends only the environments that have regions', async () => {
    const fetchMock = stubTenant(makeTenant({ allowedRegions: ['us-east-1', 'us-west-2'] }));
    renderControlPlane();
    await openConfiguration();
    await userEvent.click(within(overrideGroup('UAT')!).getByLabelText('us-west-2'));
    const card = screen.getByText('Region Configuration').closest('[data-slot=card]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH')).toHaveLength(1));
    expect(bodyOf(fetchMock, TENANT)).toEqual({
      allowedRegions: ['us-east-1', 'us-west-2'],
      environmentRegionPolicies: JSON.stringify([{ environment: 'uat', regions: ['us-west-2'] }]),
    });
  });

  it('asks before a widening the server refused, and resends with confirmWidening', async () => {
    const message =
      "Production's region override would be removed: production would accept us-west-2, which it refuses today.";
    const patches: unknown[] = [];
    let current = makeTenant({
      allowedRegions: ['us-east-1', 'us-west-2'],
      environmentRegionPolicies: JSON.stringify([{ environment: 'production', regions: ['us-east-1'] }]),
    });
    stubApi({
      [`GET ${TENANT}`]: () => Response.json(current),
      [`PATCH ${TENANT}`]: (init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body)) as Partial<Tenant> & { confirmWidening?: boolean };
        patches.push(body);
        if (!body.confirmWidening)
          return Response.json(
            {
              message: `${message} Send confirmWidening: true to confirm.`,
              code: 'CONFLICT',
              issues: [{ path: 'body.confirmWidening', message }],
            },
            { status: 409 },
          );
        current = { ...current, ...body };
        return Response.json(current);
      },
    });
    renderControlPlane();
    await openConfiguration();
    await userEvent.click(within(overrideGroup('Production')!).getByLabelText('us-east-1'));
    const card = screen.getByText('Region Configuration').closest('[data-slot=card]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Save Configuration' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(message);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allow the wider regions' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(patches).toEqual([
      { allowedRegions: ['us-east-1', 'us-west-2'], environmentRegionPolicies: null },
      { allowedRegions: ['us-east-1', 'us-west-2'], environmentRegionPolicies: null, confirmWidening: true },
    ]);
  });
});
