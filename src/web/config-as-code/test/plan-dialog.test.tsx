import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantConfigActions } from '@/config-as-code';
import {
  apiError,
  makePlan,
  makeRouteDeletion,
  makeWebAppEdit,
  policy,
  renderWithToasts,
  requestsTo,
  stubApi,
  TENANT_ID,
  TEST_TIMEOUT,
} from '@/config-as-code/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DOCUMENT = 'apiVersion: resource-manager/v1\nkind: Tenant\n';

async function planDocument() {
  renderWithToasts(<TenantConfigActions tenantId={TENANT_ID} name="Acme" />);
  await userEvent.click(screen.getByRole('button', { name: 'Plan from a file' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Plan from a file' }));
  await userEvent.type(dialog.getByLabelText('Document'), DOCUMENT);
  await userEvent.click(dialog.getByRole('button', { name: 'Plan' }));
  return dialog;
}

const policyPath = `/api/tenants/${TENANT_ID}/approval-policy`;

describe('Plan from a file', { timeout: TEST_TIMEOUT }, () => {
  it('shows the grouped diff and files it as a release, with a link to the request', async () => {
    const plan = makePlan([makeWebAppEdit()]);
    const fetchMock = stubApi({
      [`GET ${policyPath}`]: policy(1),
      'POST /api/plans': plan,
      'POST /api/plans/apply': Response.json(
        { changeRequestId: 'cr-9', requests: [{ id: 'cr-9', status: 'pending', changes: 1 }] },
        { status: 201 },
      ),
    });
    const dialog = await planDocument();

    const group = await dialog.findByRole('region', { name: 'Web apps' });
    expect(within(group).getByText('Edit web app Customer Portal')).toBeInTheDocument();
    expect(within(group).getByText('Description')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Plan' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST', '/api/plans')[0]?.body).toEqual({
      document: DOCUMENT,
      prune: false,
    });

    await userEvent.click(await dialog.findByRole('button', { name: 'File as release' }));
    expect(await screen.findByText('Release filed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/plans/apply')[0]?.body).toMatchObject({
      document: DOCUMENT,
      prune: false,
      expected: plan,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the live state matches when the plan has no change, and offers no apply', async () => {
    stubApi({ [`GET ${policyPath}`]: policy(1), 'POST /api/plans': makePlan() });
    const dialog = await planDocument();
    expect(await dialog.findByText('Live state matches the file.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'File as release' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Apply now' })).not.toBeInTheDocument();
  });

  it('lists what prune deletes apart from the changes', async () => {
    const fetchMock = stubApi({
      [`GET ${policyPath}`]: policy(1),
      'POST /api/plans': makePlan([makeWebAppEdit()], [makeRouteDeletion()]),
    });
    renderWithToasts(<TenantConfigActions tenantId={TENANT_ID} name="Acme" />);
    await userEvent.click(screen.getByRole('button', { name: 'Plan from a file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Plan from a file' }));
    await userEvent.type(dialog.getByLabelText('Document'), DOCUMENT);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Prune' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Plan' }));

    const deletions = await dialog.findByRole('region', { name: 'Deletions (prune)' });
    expect(within(deletions).getByText('Delete route GET /legacy')).toBeInTheDocument();
    const changes = dialog.getByRole('region', { name: 'Changes' });
    expect(within(changes).queryByText('Delete route GET /legacy')).not.toBeInTheDocument();
    expect(dialog.getByText('1 change, 1 deletion')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/plans')[0]?.body).toEqual({ document: DOCUMENT, prune: true });
  });

  it('shows a refused document’s field paths next to the box', async () => {
    stubApi({
      [`GET ${policyPath}`]: policy(1),
      'POST /api/plans': apiError(400, 'Invalid document', [
        { path: 'body.document.spec.routes.0.path', message: 'Required' },
      ]),
    });
    const dialog = await planDocument();
    expect(await dialog.findByText('spec.routes.0.path: Required')).toBeInTheDocument();
    const box = dialog.getByLabelText('Document');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('applies at once where no approval is needed, and says what the server did', async () => {
    stubApi({
      [`GET ${policyPath}`]: policy(0),
      'POST /api/plans': makePlan([makeWebAppEdit()]),
      'POST /api/plans/apply': { applied: { changeRequestId: 'cr-3', changes: 1 }, requests: [] },
    });
    const dialog = await planDocument();
    await userEvent.click(await dialog.findByRole('button', { name: 'Apply now' }));
    expect(await screen.findByText('Plan applied')).toBeInTheDocument();
    expect(screen.getByText('1 change applied without approval.')).toBeInTheDocument();
  });

  it('keeps the plan open with the moved resource when the server finds it stale', async () => {
    stubApi({
      [`GET ${policyPath}`]: policy(1),
      'POST /api/plans': makePlan([makeWebAppEdit()]),
      'POST /api/plans/apply': apiError(409, 'Customer Portal changed since the plan (by Bob)'),
    });
    const dialog = await planDocument();
    await userEvent.click(await dialog.findByRole('button', { name: 'File as release' }));
    const stale = await dialog.findByTestId('plan-stale');
    expect(stale).toHaveTextContent('Customer Portal changed since the plan (by Bob)');
    await userEvent.click(dialog.getByRole('button', { name: 'Back to the file' }));
    expect(dialog.getByLabelText('Document')).toHaveValue(DOCUMENT);
  });
});
