import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenPolicy } from '@contract/api-tokens';
import {
  apiError,
  makeCreated,
  makeToken,
  requestsTo,
  stubApi,
  TEST_TIMEOUT,
} from '@/api-tokens/test/fixtures';
import { renderApiAccessPage } from '@/api-tokens/test/render-page';
import { optionsHandler } from '@/test/options-stub';

const SECRET = 'rmt_AbCd1234secretsecretsecretsecret';

/** The token list (empty until one is created), the policy, tenants and POST /api/tokens. */
function stubTokens(policy: ApiTokenPolicy = { defaultDays: 90, maxDays: 365 }) {
  let created = false;
  return stubApi({
    'GET /api/tokens/policy': policy,
    'GET /api/tokens': () => Response.json(created ? [makeToken()] : []),
    'POST /api/tokens': () => {
      created = true;
      return Response.json(makeCreated({ token: SECRET }), { status: 201 });
    },
    'GET /api/tenants/options': optionsHandler([{ id: 'tenant-001', name: 'Acme Corp' }]),
  });
}

async function openCreate(user: Pick<typeof userEvent, 'click'> = userEvent) {
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  return within(await screen.findByRole('dialog', { name: 'Create token' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CreateTokenDialog', { timeout: TEST_TIMEOUT }, () => {
  it('offers the lifetimes the policy allows, its default chosen', async () => {
    stubTokens({ defaultDays: 60, maxDays: 180 });
    renderApiAccessPage();
    const dialog = await openCreate();
    const expiry = await dialog.findByRole('combobox', { name: 'Expires after' });
    expect(expiry).toHaveTextContent('60 days');
    await userEvent.click(expiry);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '30 days',
      '60 days',
      '90 days',
      '180 days',
    ]);
  });

  it('says what is missing and sends nothing', async () => {
    const fetchMock = stubTokens();
    renderApiAccessPage();
    const dialog = await openCreate();
    await userEvent.click(await dialog.findByRole('switch', { name: 'Only some tenants' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create token' }));

    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one tenant')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/api/tokens')).toHaveLength(0);
  });

  // The longest flow here: a loaded machine needs more than the usual room.
  it('creates a token and shows its secret once, with Copy', { timeout: 2 * TEST_TIMEOUT }, async () => {
    const user = userEvent.setup();
    // user-event puts a clipboard of its own on navigator: watch what lands on it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const fetchMock = stubTokens();
    renderApiAccessPage();
    const dialog = await openCreate(user);
    await user.type(await dialog.findByLabelText('Name'), 'deploy-pipeline');
    await user.click(dialog.getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '30 days' }));
    await user.click(dialog.getByRole('switch', { name: 'Read-only' }));
    await user.click(dialog.getByRole('switch', { name: 'Only some tenants' }));
    await user.click(dialog.getByRole('combobox', { name: 'Tenants' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Corp' }));
    expect(await dialog.findByRole('button', { name: 'Remove Acme Corp' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create token' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Token created' }));
    expect(requestsTo(fetchMock, 'POST', '/api/tokens')[0]?.body).toEqual({
      name: 'deploy-pipeline',
      expiresInDays: 30,
      readOnly: true,
      tenantIds: ['tenant-001'],
    });
    expect(shown.getByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();
    const field = shown.getByRole('textbox', { name: /^Token/ });
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');

    await user.click(shown.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    // Done: the secret is gone for good; the list shows the new token by its prefix only.
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'deploy-pipeline' })).toBeInTheDocument();
    const again = await openCreate(user);
    expect(await again.findByLabelText('Name')).toHaveValue('');
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("gives focus back to the list's Create token after the first token (the empty state's is gone)", async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out; the dialogs give focus back only to a control that is on screen.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue(
      Object.assign([new DOMRect(0, 0, 80, 32)], { item: () => null }),
    );
    stubTokens();
    renderApiAccessPage();
    const empty = await screen.findByTestId('empty-state');
    const dialog = await openCreate(user);
    await user.type(await dialog.findByLabelText('Name'), 'ci');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Token created' }));
    await waitFor(() => expect(empty).not.toBeInTheDocument());
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Create token' })).toHaveFocus();
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    stubTokens();
    renderApiAccessPage();
    const dialog = await openCreate(user);
    await user.type(await dialog.findByLabelText('Name'), 'ci');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Token created' }));
    await user.click(shown.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Could not copy')).toBeInTheDocument();
  });

  it("puts the server's field issues on the form and toasts its message", async () => {
    stubApi({
      'GET /api/tokens/policy': { defaultDays: 90, maxDays: 365 },
      'GET /api/tokens': [],
      'POST /api/tokens': apiError(400, 'Invalid request', [
        { path: 'body.expiresInDays', message: 'At most 30 days' },
      ]),
    });
    renderApiAccessPage();
    const dialog = await openCreate();
    await userEvent.type(await dialog.findByLabelText('Name'), 'ci');
    await userEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await dialog.findByText('At most 30 days')).toBeInTheDocument();
    expect(await screen.findByText('Invalid request')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('ci');
  });
});
