import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitSection } from '@/config-as-code';
import { makeMe } from '@/test/me';
import {
  apiError,
  makeFinding,
  makeLink,
  renderWithToasts,
  requestsTo,
  stubApi,
  TENANT_ID,
  TEST_TIMEOUT,
} from '@/config-as-code/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderSection = () => renderWithToasts(<GitSection tenantId={TENANT_ID} name="Acme" />);

describe('Git section', { timeout: TEST_TIMEOUT }, () => {
  it('links a tenant: the form sends the link, the token only when typed', async () => {
    const fetchMock = stubApi({
      'GET /api/git-links': [makeLink({ tenantId: 'other-tenant' })],
      'POST /api/git-links': Response.json(makeLink(), { status: 201 }),
    });
    renderSection();
    expect(await screen.findByText('Not kept in Git')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link to Git' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link to Git' }));
    await userEvent.type(
      dialog.getByLabelText('Repository URL'),
      'https://git.example.com/platform/config.git',
    );
    await userEvent.type(dialog.getByLabelText('Path'), 'tenants/acme.yaml');
    await userEvent.type(dialog.getByLabelText('Access token'), 'read-token');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Has write access' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));

    expect(await screen.findByText('Linked to Git')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/git-links')[0]?.body).toEqual({
      tenantId: TENANT_ID,
      repoUrl: 'https://git.example.com/platform/config.git',
      branch: 'main',
      path: 'tenants/acme.yaml',
      format: 'yaml',
      accessToken: 'read-token',
      writeAccess: true,
      syncMode: false,
    });
  });

  it('checks the form before sending, and shows a server issue on its field', async () => {
    const fetchMock = stubApi({
      'GET /api/git-links': [],
      'POST /api/git-links': apiError(400, 'Invalid body', [
        { path: 'body.branch', message: 'No such branch' },
      ]),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Link to Git' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link to Git' }));
    await userEvent.type(dialog.getByLabelText('Repository URL'), 'ftp://example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('Must be an http(s) URL')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/git-links')).toHaveLength(0);

    await userEvent.clear(dialog.getByLabelText('Repository URL'));
    await userEvent.type(dialog.getByLabelText('Repository URL'), 'https://git.example.com/x.git');
    await userEvent.type(dialog.getByLabelText('Path'), 'acme.yaml');
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('No such branch')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByLabelText('Branch')).toHaveFocus());
  });

  it('shows the status and the drift, and Check now reports what it found', async () => {
    const fetchMock = stubApi({
      'GET /api/git-links': [makeLink({ lastError: 'Branch main not found' })],
      'GET /api/git-links/link-1/drift': [makeFinding()],
      'POST /api/git-links/link-1/check': { link: makeLink(), detected: 2, syncRequestId: null },
    });
    renderSection();
    const status = await screen.findByTestId('git-link-status');
    expect(within(status).getByText('0123456789ab')).toBeInTheDocument();
    expect(screen.getByTestId('git-link-error')).toHaveTextContent('Branch main not found');
    const finding = await screen.findByRole('listitem', { name: 'Edit web app Customer Portal' });
    expect(within(finding).getByText('Description')).toBeInTheDocument();
    expect(within(finding).getByText(/Web apps Customer Portal · since/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('2 new drift findings.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/git-links/link-1/check')).toHaveLength(1);
  });

  it('reverts a finding: the release filed, with a link to it', async () => {
    const fetchMock = stubApi({
      'GET /api/git-links': [makeLink()],
      'GET /api/git-links/link-1/drift': [makeFinding()],
      'POST /api/drift/finding-1/revert': { finding: makeFinding(), requestId: 'cr-7', applied: false },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Revert Edit web app Customer Portal' }));
    expect(await screen.findByText('Revert filed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/drift/finding-1/revert')).toHaveLength(1);
  });

  it('adopts without write access: offers the file to commit', async () => {
    stubApi({
      'GET /api/git-links': [makeLink()],
      'GET /api/git-links/link-1/drift': [makeFinding()],
      'POST /api/drift/finding-1/adopt': {
        finding: makeFinding(),
        pushed: false,
        branch: null,
        commit: null,
        path: 'tenants/acme.yaml',
        format: 'yaml',
        content: 'apiVersion: resource-manager/v1\n',
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Adopt Edit web app Customer Portal' }));
    const offer = await screen.findByTestId('adopt-file');
    expect(within(offer).getByRole('button', { name: 'Download file' })).toBeInTheDocument();
    expect(offer).toHaveTextContent('tenants/acme.yaml');
  });

  it('adopts with write access: names the branch pushed', async () => {
    stubApi({
      'GET /api/git-links': [makeLink({ writeAccess: true })],
      'GET /api/git-links/link-1/drift': [makeFinding()],
      'POST /api/drift/finding-1/adopt': {
        finding: makeFinding(),
        pushed: true,
        branch: 'adopt/customer-portal',
        commit: 'abcdef0123456789',
        path: 'tenants/acme.yaml',
        format: 'yaml',
        content: null,
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Adopt Edit web app Customer Portal' }));
    expect(await screen.findByText('Live state pushed')).toBeInTheDocument();
    expect(screen.getAllByText('adopt/customer-portal').length).toBeGreaterThan(0);
  });

  it('shows a tenant member the link and its drift, with Revert but nothing that manages the link', async () => {
    stubApi({ 'GET /api/git-links': [makeLink()], 'GET /api/git-links/link-1/drift': [makeFinding()] });
    const member = makeMe({ memberships: [{ tenantId: TENANT_ID, role: 'member' }] });
    renderWithToasts(<GitSection tenantId={TENANT_ID} name="Acme" />, member);
    await screen.findByRole('listitem', { name: 'Edit web app Customer Portal' });
    expect(screen.getByRole('button', { name: 'Revert Edit web app Customer Portal' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Adopt Edit web app Customer Portal' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit link' })).not.toBeInTheDocument();
  });

  it('says there is no drift when the link has none', async () => {
    stubApi({ 'GET /api/git-links': [makeLink({ openFindings: 0 })], 'GET /api/git-links/link-1/drift': [] });
    renderSection();
    expect(await screen.findByText('No drift')).toBeInTheDocument();
  });
});
