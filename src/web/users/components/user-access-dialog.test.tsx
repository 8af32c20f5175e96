import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@contract/auth';
import { DUPLICATE_PROFILE_MESSAGE, type UserProfile } from '@contract/users';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { UserAccessDialog } from '@/users/components/user-access-dialog';
import {
  apiError,
  makeProfile,
  makeTenant,
  makeUser,
  requestsTo,
  stubApi,
  TEST_TIMEOUT,
} from '@/users/test/fixtures';

const user = makeUser();
const tenants = [
  makeTenant(),
  makeTenant({ id: 'tenant-002', name: 'Globex' }),
  makeTenant({ id: 'tenant-003', name: 'Initech' }),
];

/** A tiny in-memory profiles store behind the stubbed API. */
function stubProfiles(initial: UserProfile[], extra: Parameters<typeof stubApi>[0] = {}) {
  let profiles = [...initial];
  let removed: UserProfile | undefined;
  const fetchMock = stubApi({
    'GET /api/tenants/options': optionsHandler(tenants),
    'GET /api/user-profiles': () => Response.json(profiles),
    'POST /api/user-profiles': ({ body }) => {
      const created = makeProfile({ ...(body as Partial<UserProfile>), id: `p${profiles.length + 10}` });
      profiles = [...profiles, created];
      return Response.json(created, { status: 201 });
    },
    'PATCH /api/user-profiles/p1': ({ body }) => {
      profiles = profiles.map((p) => (p.id === 'p1' ? { ...p, ...(body as Partial<UserProfile>) } : p));
      return Response.json(profiles.find((p) => p.id === 'p1'));
    },
    'DELETE /api/user-profiles/p1': () => {
      removed = profiles.find((p) => p.id === 'p1');
      profiles = profiles.filter((p) => p.id !== 'p1');
      return new Response(null, { status: 204 });
    },
    'POST /api/user-profiles/p1/restore': () => {
      if (!removed || profiles.some((p) => p.id === 'p1'))
        return apiError(409, 'This access exists again: there is nothing to restore');
      profiles = [...profiles, removed];
      return Response.json(removed, { status: 201 });
    },
    ...extra,
  });
  return fetchMock;
}

function renderDialog(me: Me = makeMe({ globalRole: 'admin' })) {
  renderWithProviders(
    <>
      <UserAccessDialog open user={user} onClose={() => {}} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(me) },
  );
  return within(screen.getByRole('dialog'));
}

async function chooseOption(trigger: HTMLElement, name: string) {
  await userEvent.click(trigger);
  await userEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserAccessDialog', { timeout: TEST_TIMEOUT }, () => {
  it("adds access: POST with role, details and comma-separated permissions, toast 'Access granted'", async () => {
    const fetchMock = stubProfiles([makeProfile({ id: 'p1' })]);
    const dialog = renderDialog();
    expect(await dialog.findByText('Acme Corp')).toBeInTheDocument();

    // Acme Corp is taken: only the other tenants are offered.
    await userEvent.click(dialog.getByRole('combobox', { name: 'Tenant' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Globex', 'Initech']);
    await userEvent.click(screen.getByRole('option', { name: 'Globex' }));
    await chooseOption(dialog.getByRole('combobox', { name: 'Role' }), 'Admin');
    await userEvent.type(dialog.getByLabelText('Display Name'), 'Bobby');
    await userEvent.type(dialog.getByLabelText('Job Title'), 'Platform Lead');
    await userEvent.type(dialog.getByLabelText('Department'), 'Engineering');
    await userEvent.type(dialog.getByLabelText('Permissions'), ' deploy, read,, deploy ');
    await userEvent.click(dialog.getByRole('button', { name: 'Grant Access' }));

    expect(await screen.findByText('Access granted')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/user-profiles')[0]?.body).toEqual({
      userId: 'user-2',
      tenantId: 'tenant-002',
      role: 'admin',
      displayName: 'Bobby',
      jobTitle: 'Platform Lead',
      department: 'Engineering',
      permissions: ['deploy', 'read'],
    });
    const list = within(dialog.getByRole('list', { name: 'Current access' }));
    expect(await list.findByText('Globex')).toBeInTheDocument();
    expect(list.getByText('Display as Bobby')).toBeInTheDocument();
    // The form starts over.
    expect(dialog.getByLabelText('Display Name')).toHaveValue('');
  });

  it('requires a tenant, and shows a duplicate profile 409 beside it', async () => {
    stubApi({
      'GET /api/tenants/options': optionsHandler(tenants),
      'GET /api/user-profiles': [],
      'POST /api/user-profiles': apiError(409, DUPLICATE_PROFILE_MESSAGE),
    });
    const dialog = renderDialog();
    expect(await dialog.findByText('No tenant access configured')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Grant Access' }));
    expect(await dialog.findByText('Tenant is required')).toBeInTheDocument();

    await chooseOption(dialog.getByRole('combobox', { name: 'Tenant' }), 'Initech');
    await userEvent.click(dialog.getByRole('button', { name: 'Grant Access' }));
    expect(await dialog.findByText(DUPLICATE_PROFILE_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveAttribute('aria-invalid', 'true');
    const toast = within((await screen.findByText('Error')).closest('li')!);
    expect(toast.getByText(DUPLICATE_PROFILE_MESSAGE)).toBeInTheDocument();
  });

  it("changes access: prefilled, PATCH without user or tenant, toast 'Access updated'", async () => {
    const fetchMock = stubProfiles([makeProfile({ id: 'p1', permissions: ['read', 'deploy'] })]);
    const dialog = renderDialog();
    await userEvent.click(await dialog.findByRole('button', { name: 'Change access to Acme Corp' }));

    expect(dialog.getByRole('form', { name: 'Change access' })).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Tenant' })).toBeDisabled();
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveTextContent('Acme Corp'),
    );
    expect(dialog.getByLabelText('Job Title')).toHaveValue('Frontend Engineer');
    expect(dialog.getByLabelText('Permissions')).toHaveValue('read, deploy');

    await chooseOption(dialog.getByRole('combobox', { name: 'Role' }), 'Owner');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Access' }));

    expect(await screen.findByText('Access updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/user-profiles/p1')[0]?.body).toEqual({
      role: 'owner',
      displayName: null,
      jobTitle: 'Frontend Engineer',
      department: null,
      permissions: ['read', 'deploy'],
    });
    const list = within(dialog.getByRole('list', { name: 'Current access' }));
    await waitFor(() => expect(list.getByTestId('tenant-role-badge')).toHaveTextContent('owner'));
    expect(dialog.getByRole('form', { name: 'Add access' })).toBeInTheDocument();
  });

  it("removes access after a confirmation, toast 'Access removed'; Undo restores it", async () => {
    const fetchMock = stubProfiles([makeProfile({ id: 'p1' })]);
    const dialog = renderDialog();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove access to Acme Corp' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: "Remove Bob Stone's access to Acme Corp?",
    });
    expect(confirm).toHaveTextContent('loses the developer role on Acme Corp');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'DELETE', '/api/user-profiles/p1')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove access' }));

    expect(await screen.findByText('Access removed')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE', '/api/user-profiles/p1')).toHaveLength(1);
    expect(await dialog.findByText('No tenant access configured')).toBeInTheDocument();

    // The toast sits outside the open Manage Access dialog, and stays reachable while it is open.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Access restored')).toBeInTheDocument();
    expect(screen.getByText('Bob Stone has access to Acme Corp again, as developer.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/user-profiles/p1/restore')).toHaveLength(1);
    expect(await dialog.findByRole('button', { name: 'Remove access to Acme Corp' })).toBeInTheDocument();
  });

  it('keeps the access when the confirmation is cancelled', async () => {
    const fetchMock = stubProfiles([makeProfile({ id: 'p1' })]);
    const dialog = renderDialog();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove access to Acme Corp' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'DELETE', '/api/user-profiles/p1')).toHaveLength(0);
    expect(dialog.getByRole('button', { name: 'Remove access to Acme Corp' })).toBeInTheDocument();
  });

  it("says why an Undo failed in an 'Error' toast of its own", async () => {
    stubProfiles([makeProfile({ id: 'p1' })], {
      'POST /api/user-profiles/p1/restore': apiError(409, DUPLICATE_PROFILE_MESSAGE),
    });
    const dialog = renderDialog();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove access to Acme Corp' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove access' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(DUPLICATE_PROFILE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('offers a tenant owner only the tenants they own, and no actions on the others', async () => {
    stubProfiles([makeProfile({ id: 'p1', tenantId: 'tenant-002' })]);
    const dialog = renderDialog(
      makeMe({
        memberships: [
          { tenantId: 'tenant-001', role: 'owner' },
          { tenantId: 'tenant-002', role: 'admin' },
        ],
      }),
    );
    expect(await dialog.findByText('Globex')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /access to Globex/ })).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Tenant' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Acme Corp']);
  });
});
