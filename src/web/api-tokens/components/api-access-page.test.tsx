import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, makeToken, never, requestsTo, stubApi, TEST_TIMEOUT } from '@/api-tokens/test/fixtures';
import { renderApiAccessPage } from '@/api-tokens/test/render-page';
import { optionsHandler } from '@/test/options-stub';

const tenants = [{ id: 'tenant-001', name: 'Acme Corp' }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiAccessPage', { timeout: TEST_TIMEOUT }, () => {
  it('lists my tokens: prefix, scopes, dates, last use and status', async () => {
    stubApi({
      'GET /api/tokens': [
        makeToken({
          id: 'tok-2',
          name: 'nightly-report',
          readOnly: true,
          tenantIds: ['tenant-001'],
          lastUsedAt: '2026-02-01T08:30:00.000Z',
          lastUsedIp: '203.0.113.7',
        }),
        makeToken({ id: 'tok-1', status: 'revoked', revokedAt: '2026-01-20T00:00:00.000Z' }),
      ],
      'GET /api/tenants/options': optionsHandler(tenants),
    });
    renderApiAccessPage();
    expect(screen.getByRole('heading', { name: 'API access', level: 1 })).toBeInTheDocument();

    const report = within(await screen.findByRole('listitem', { name: 'nightly-report' }));
    expect(report.getByText('rmt_AbCd1234…')).toHaveClass('font-mono');
    expect(report.getByTestId('token-status')).toHaveTextContent('Active');
    expect(report.getByText('Read-only')).toBeInTheDocument();
    expect(await report.findByText('Acme Corp')).toBeInTheDocument();
    expect(report.getByText(/from 203\.0\.113\.7$/)).toBeInTheDocument();
    expect(report.getByRole('button', { name: 'Revoke nightly-report' })).toBeEnabled();

    const revoked = within(screen.getByRole('listitem', { name: 'deploy-pipeline' }));
    expect(revoked.getByTestId('token-status')).toHaveTextContent('Revoked');
    expect(revoked.getByText('Read and write')).toBeInTheDocument();
    expect(revoked.getByText('All tenants')).toBeInTheDocument();
    expect(revoked.getByText('Never used')).toBeInTheDocument();
    // A revoked token cannot be revoked again.
    expect(revoked.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('shows loading while the tokens load', () => {
    stubApi({ 'GET /api/tokens': never });
    renderApiAccessPage();
    expect(screen.getByText('Loading tokens...')).toBeInTheDocument();
  });

  it('shows the empty state with Create token', async () => {
    stubApi({ 'GET /api/tokens': [] });
    renderApiAccessPage();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No API tokens')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Create token' })).toBeInTheDocument();
  });

  it('shows the server message when the list fails, and retries', async () => {
    let fail = true;
    stubApi({
      'GET /api/tokens': () => (fail ? apiError(500, 'Database unavailable') : Response.json([makeToken()])),
    });
    renderApiAccessPage();
    const error = await screen.findByTestId('error-state');
    expect(within(error).getByText('Could not load API tokens')).toBeInTheDocument();
    expect(within(error).getByText('Database unavailable')).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'deploy-pipeline' })).toBeInTheDocument();
  });

  it('revokes after confirming: DELETE, toast, list refreshed', async () => {
    let revoked = false;
    const fetchMock = stubApi({
      'GET /api/tokens': () => Response.json([makeToken({ status: revoked ? 'revoked' : 'active' })]),
      'DELETE /api/tokens/tok-1': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApiAccessPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke deploy-pipeline' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke token?' });
    expect(within(confirm).getByText(/rmt_AbCd1234…/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE', '/api/tokens/tok-1')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('token-status')).toHaveTextContent('Revoked'));
  });

  it("toasts the server's message when revoking fails", async () => {
    stubApi({
      'GET /api/tokens': [makeToken()],
      'DELETE /api/tokens/tok-1': apiError(403, 'API tokens cannot create or revoke API tokens'),
    });
    renderApiAccessPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke deploy-pipeline' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('API tokens cannot create or revoke API tokens')).toBeInTheDocument();
    expect(screen.getByTestId('token-status')).toHaveTextContent('Active');
  });
});
