import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETE_ALL_CONFIRMATION } from '@contract/settings';
import { Toaster } from '@/components/ui/toaster';
import { DangerZoneCard } from '@/settings/components/danger-zone-card';
import { apiError, requestsTo, stubApi, TEST_TIMEOUT } from '@/settings/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const counts = {
  tenants: 3,
  webApps: 1,
  userProfiles: 4,
  subscriptions: 0,
  configurationVersions: 0,
  meshes: 2,
  gatewayRoutes: 0,
  opaPolicies: 0,
  microfrontendDeployments: 0,
  capabilityDeployments: 0,
};

async function openDialog() {
  renderWithProviders(
    <>
      <DangerZoneCard isAdmin />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Delete All Resources' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { dialog, confirm: dialog.getByRole('button', { name: 'Delete All Resources' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Delete All Resources', { timeout: TEST_TIMEOUT }, () => {
  it('stays disabled until the confirmation phrase is typed exactly', async () => {
    const fetchMock = stubApi({});
    const { dialog, confirm } = await openDialog();
    const input = dialog.getByLabelText('Confirmation');
    expect(dialog.getByText(DELETE_ALL_CONFIRMATION)).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    await userEvent.type(input, 'delete all resources');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, `${DELETE_ALL_CONFIRMATION} `);
    expect(confirm).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, DELETE_ALL_CONFIRMATION);
    expect(confirm).toBeEnabled();
  });

  it('deletes with the phrase and toasts the counts', async () => {
    const fetchMock = stubApi({ 'POST /api/admin/delete-all-resources': counts });
    const { dialog, confirm } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Confirmation'), DELETE_ALL_CONFIRMATION);
    await userEvent.click(confirm);

    expect(await screen.findByText('All resources deleted')).toBeInTheDocument();
    expect(screen.getByText('Removed 3 tenants, 1 web app, 4 user profiles, 2 meshes.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/admin/delete-all-resources')[0]?.body).toEqual({
      confirmation: DELETE_ALL_CONFIRMATION,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with an 'Error' toast when the server refuses", async () => {
    stubApi({ 'POST /api/admin/delete-all-resources': apiError(403, 'Administrators only') });
    const { dialog, confirm } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Confirmation'), DELETE_ALL_CONFIRMATION);
    await userEvent.click(confirm);

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Administrators only')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
