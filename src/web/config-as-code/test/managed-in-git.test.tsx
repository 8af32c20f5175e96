import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gitLinkKeys, ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';
import {
  apiError,
  makeLink,
  renderWithToasts,
  stubApi,
  TENANT_ID,
  TEST_TIMEOUT,
} from '@/config-as-code/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const editor = (
  <>
    <ManagedInGitBadge tenantId={TENANT_ID} />
    <ManagedInGitNotice tenantId={TENANT_ID} what="web app" />
    <p>Editor</p>
  </>
);

describe('Managed in Git', { timeout: TEST_TIMEOUT }, () => {
  it('marks an editor whose tenant a link keeps, and warns that an edit becomes drift', async () => {
    stubApi({ 'GET /api/git-links': [makeLink()] });
    renderWithToasts(editor);
    expect(await screen.findByTestId('managed-in-git')).toHaveTextContent('Managed in Git');
    expect(screen.getByTestId('managed-in-git-notice')).toHaveTextContent(
      'the next sync will report the edit as drift',
    );
    expect(screen.getByTestId('managed-in-git-notice')).toHaveTextContent('tenants/acme.yaml');
  });

  it.each([
    ['a tenant no link keeps', [makeLink({ tenantId: 'other' })], 'success'],
    ['links that cannot be read', apiError(403, 'Forbidden'), 'error'],
  ] as const)('shows nothing for %s', async (_case, answer, status) => {
    stubApi({ 'GET /api/git-links': answer });
    const { queryClient } = renderWithToasts(editor);
    await waitFor(() => expect(queryClient.getQueryState(gitLinkKeys.list())?.status).toBe(status));
    expect(screen.queryByTestId('managed-in-git')).not.toBeInTheDocument();
    expect(screen.queryByTestId('managed-in-git-notice')).not.toBeInTheDocument();
  });
});
