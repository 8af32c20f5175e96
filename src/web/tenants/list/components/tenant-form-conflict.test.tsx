import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '@contract/tenants';
import { Toaster } from '@/components/ui/toaster';
import { TenantFormDialog } from '@/tenants/list/components/tenant-form-dialog';
import { makeTenant, stubApi } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** The conflict alert, driven through a real edit form (Edit Tenant): one hook and alert serve them all. */
const loaded = makeTenant({ id: 't1', name: 'Acme', owner: 'a@acme.io', description: 'Old', revision: 3 });
const theirs: Tenant = { ...loaded, description: 'Theirs', status: 'inactive', revision: 4 };

const conflict = () =>
  Response.json(
    {
      message: 'The tenant was changed by someone else',
      code: 'PRECONDITION_FAILED',
      currentRevision: 4,
      current: theirs,
    },
    { status: 412 },
  );

function ifMatchOf(fetchMock: ReturnType<typeof stubApi>, call: number): string | undefined {
  const init = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')[call]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.['If-Match'];
}

function renderEdit() {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <TenantFormDialog open onOpenChange={onOpenChange} tenant={loaded} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConflictAlert with useConflictAwareSave', { timeout: 20_000 }, () => {
  it('on 412 keeps the typed values, says what differs, and Reload rebases while keeping them', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      'PATCH /api/tenants/t1': ({ body }: { body: unknown }) =>
        ++calls === 1 ? conflict() : Response.json({ ...theirs, ...(body as object), revision: 5 }),
      'GET /api/tenants': [],
    });
    const { dialog, onOpenChange } = renderEdit();
    await userEvent.clear(dialog.getByLabelText('Owner'));
    await userEvent.type(dialog.getByLabelText('Owner'), 'mine@acme.io');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this tenant while you were editing.');
    expect(alert).toHaveTextContent('Description: yours Old, theirs Theirs');
    expect(alert).toHaveTextContent('Status: yours active, theirs inactive');
    expect(ifMatchOf(fetchMock, 0)).toBe('"3"');
    expect(dialog.getByLabelText('Owner')).toHaveValue('mine@acme.io');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(await screen.findByText('Not saved')).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload their version' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Owner')).toHaveValue('mine@acme.io');
    expect(dialog.getByLabelText('Description')).toHaveValue('Theirs');
    expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');

    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(ifMatchOf(fetchMock, 1)).toBe('"4"');
    const sent = JSON.parse(
      String(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')[1]?.[1]?.body),
    );
    expect(sent).toMatchObject({ owner: 'mine@acme.io', description: 'Theirs', status: 'inactive' });
  });

  it('Overwrite resends the typed values with the current revision', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      'PATCH /api/tenants/t1': ({ body }: { body: unknown }) =>
        ++calls === 1 ? conflict() : Response.json({ ...theirs, ...(body as object), revision: 5 }),
      'GET /api/tenants': [],
    });
    const { dialog, onOpenChange } = renderEdit();
    await userEvent.clear(dialog.getByLabelText('Description'));
    await userEvent.type(dialog.getByLabelText('Description'), 'Mine');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('(both changed)');

    await userEvent.click(within(alert).getByRole('button', { name: 'Overwrite with mine' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(ifMatchOf(fetchMock, 1)).toBe('"4"');
    const sent = JSON.parse(
      String(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')[1]?.[1]?.body),
    );
    expect(sent).toMatchObject({ description: 'Mine', status: 'active' });
  });
});
