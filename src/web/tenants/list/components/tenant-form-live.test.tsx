import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_MESSAGES } from '@contract/events';
import type { Tenant } from '@contract/tenants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantFormDialog } from '@/tenants/list/components/tenant-form-dialog';
import { makeTenant } from '@/tenants/list/test/fixtures';
import { LIVE_FORM_VIEWER as ME, renderLiveForm } from '@/test/live-form';

/** The notice, driven from a server-sent event through the console's live connection into Edit Tenant. */
const loaded = makeTenant({ id: 't1', name: 'Acme', owner: 'a@acme.io', description: 'Old', revision: 3 });
const theirs: Tenant = { ...loaded, description: 'Theirs', revision: 4 };

const renderEdit = () =>
  renderLiveForm(<TenantFormDialog open onOpenChange={() => {}} tenant={loaded} />, {
    'GET /api/tenants/t1': theirs,
    'GET /api/tenants': [],
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Edit Tenant follows its tenant live', { timeout: 20_000 }, () => {
  it("says at once who changed it, and Review shows their version beside the admin's edits", async () => {
    const { send, dialog } = renderEdit();
    await userEvent.clear(dialog.getByLabelText('Owner'));
    await userEvent.type(dialog.getByLabelText('Owner'), 'mine@acme.io');
    send({ resourceId: 't1', revision: 4, actor: { id: 'user-2', email: 'bob@example.com' } });

    const notice = await dialog.findByTestId('changed-underneath');
    expect(notice).toHaveRole('alert');
    expect(notice).toHaveTextContent(LIVE_MESSAGES.changedUnderneath('bob@example.com'));
    await userEvent.click(within(notice).getByRole('button', { name: 'Review their version' }));

    const alert = await dialog.findByTestId('conflict-alert');
    expect(alert).toHaveTextContent('Description: yours Old, theirs Theirs');
    expect(dialog.queryByTestId('changed-underneath')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload their version' }));
    expect(dialog.getByLabelText('Description')).toHaveValue('Theirs');
    expect(dialog.getByLabelText('Owner')).toHaveValue('mine@acme.io');
  });

  it('names "someone" when the change has no person behind it', async () => {
    const { send, dialog } = renderEdit();
    send({ resourceId: 't1', revision: 4, actor: null });
    expect(await dialog.findByTestId('changed-underneath')).toHaveTextContent(
      LIVE_MESSAGES.changedUnderneath('someone'),
    );
  });

  it("stays quiet for the viewer's own saves, other resources and revisions the form already holds", async () => {
    const { send, dialog } = renderEdit();
    send({ resourceId: 't1', revision: 4, actor: { id: ME.user.id, email: ME.user.email } });
    send({ resourceId: 't2', revision: 9 });
    send({ resourceType: 'capability', resourceId: 't1', revision: 9 });
    send({ resourceId: 't1', revision: 3 });
    expect(dialog.queryByTestId('changed-underneath')).not.toBeInTheDocument();
    // The listener is there all along: the next event that qualifies shows.
    send({ resourceId: 't1', revision: 5, actor: { id: 'user-2', email: 'late@example.com' } });
    expect(await dialog.findByTestId('changed-underneath')).toHaveTextContent(
      'Changed by late@example.com just now',
    );
  });
});
