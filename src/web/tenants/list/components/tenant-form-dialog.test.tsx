import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TenantFormDialog } from '@/tenants/list/components/tenant-form-dialog';
import { apiError, makeTenant, requestsTo, stubApi } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <TenantFormDialog open onOpenChange={onOpenChange} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) };
}

const optionNames = async (dialog: ReturnType<typeof within>, combobox: string) => {
  await userEvent.click(dialog.getByRole('combobox', { name: combobox }));
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenantFormDialog (Create Tenant)', { timeout: 20_000 }, () => {
  it('starts active with all three environments on and nothing else chosen', () => {
    const { dialog } = renderDialog();
    expect(dialog.getByRole('heading', { name: 'Create Tenant' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Tenant Name')).toHaveValue('');
    expect(dialog.getByLabelText('Tenant Name')).toBeRequired();
    expect(dialog.getByLabelText('Owner')).toBeRequired();
    expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    for (const name of ['Development', 'UAT', 'Production'])
      expect(dialog.getByRole('switch', { name })).toBeChecked();
    expect(dialog.getByRole('combobox', { name: 'Data Residency' })).toHaveTextContent('Select a region');
  });

  it('offers the 7 residency regions, 4 classifications and the DR tiers with their labels', async () => {
    const { dialog } = renderDialog();
    expect(await optionNames(dialog, 'Status')).toEqual(['Active', 'Inactive']);
    expect(await optionNames(dialog, 'Data Residency')).toEqual([
      'us-east-1',
      'us-west-2',
      'eu-west-1',
      'eu-central-1',
      'ap-southeast-1',
      'ap-northeast-1',
      'sa-east-1',
    ]);
    expect(await optionNames(dialog, 'Data Classification')).toEqual([
      'Public',
      'Internal',
      'Confidential',
      'Restricted',
    ]);
    expect(await optionNames(dialog, 'Disaster Recovery')).toEqual([
      'Tier 0 - Mission Critical (RTO 0-4h, RPO 0-1h)',
      'Tier 1 - Business Critical (RTO 4-24h, RPO 1-4h)',
      'Tier 2 - Important (RTO 24-72h, RPO 4-24h)',
      'Tier 3 - Standard (RTO 72h+, RPO 24h+)',
    ]);
  });

  it('requires Tenant Name and Owner before any request', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(await dialog.findByText('Tenant Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Owner is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Tenant Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Owner')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen governance values', async () => {
    const fetchMock = stubApi({
      'POST /api/tenants': ({ body }) => Response.json(makeTenant(body as object), { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.type(dialog.getByLabelText('Tenant Name'), 'Initech');
    await userEvent.type(dialog.getByLabelText('Description'), 'Printers');
    await userEvent.type(dialog.getByLabelText('Owner'), 'bill@initech.com');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Data Residency' }));
    await userEvent.click(await screen.findByRole('option', { name: 'sa-east-1' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Data Classification' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Restricted' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Disaster Recovery' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Tier 0/ }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Production' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));

    expect(await screen.findByText('Tenant created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/tenants')[0]?.body).toEqual({
      name: 'Initech',
      description: 'Printers',
      owner: 'bill@initech.com',
      status: 'inactive',
      developmentEnabled: true,
      uatEnabled: true,
      productionEnabled: false,
      dataResidency: 'sa-east-1',
      dataClassification: 'restricted',
      disasterRecoveryRequirements: 'tier-0',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's message in a destructive 'Error' toast and stays open", async () => {
    stubApi({ 'POST /api/tenants': apiError(403, 'Only administrators may create tenants') });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.type(dialog.getByLabelText('Tenant Name'), 'Initech');
    await userEvent.type(dialog.getByLabelText('Owner'), 'bill@initech.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(await screen.findByText('Only administrators may create tenants')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('asks before a widening the server refused, and resends the edit with confirmWidening', async () => {
    const message =
      "UAT's region override would be removed: uat would accept eu-west-1, which it refuses today.";
    const sent: Record<string, unknown>[] = [];
    stubApi({
      'PATCH /api/tenants/tenant-001': ({ body }) => {
        sent.push(body as Record<string, unknown>);
        return (body as { confirmWidening?: boolean }).confirmWidening
          ? Response.json(makeTenant())
          : apiError(409, message, [{ path: 'body.confirmWidening', message }]);
      },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <>
        <TenantFormDialog open onOpenChange={onOpenChange} tenant={makeTenant()} />
        <Toaster />
      </>,
      { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(message);
    await userEvent.click(within(question).getByRole('button', { name: 'Allow the wider regions' }));
    expect(await screen.findByText('Tenant updated')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ ...sent[0], confirmWidening: true });
  });
});
