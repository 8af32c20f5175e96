import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SSO_SOURCE_HINT } from '@/users/components/sso-source-badge';
import { TenantAccessEntry } from '@/users/components/tenant-access-entry';
import { UserCard } from '@/users/components/user-card';
import { makeProfile, makeUser, TEST_TIMEOUT } from '@/users/test/fixtures';
import { renderWithProviders } from '@/test/render';

function renderCard(user = makeUser(), profiles = [makeProfile()]) {
  return renderWithProviders(
    <UserCard
      user={user}
      profiles={profiles}
      tenantName={() => 'Acme Corp'}
      canManageAccess={false}
      canEdit={false}
      onAction={() => undefined}
    />,
  );
}

describe('From SSO badge', { timeout: TEST_TIMEOUT }, () => {
  it('shows nowhere for roles set by hand', () => {
    renderCard();
    expect(screen.getByTestId('global-role-badge')).toHaveTextContent('user');
    expect(screen.queryByText('From SSO')).not.toBeInTheDocument();
  });

  it('marks a global role and a tenant role set by the SSO groups, with the hint on focus', async () => {
    renderCard(makeUser({ globalRole: 'admin', globalRoleSource: 'sso' }), [
      makeProfile({ id: 'p1', source: 'sso' }),
      makeProfile({ id: 'p2', tenantId: 'tenant-2', source: 'manual' }),
    ]);
    const [global, tenant] = screen.getAllByTestId('sso-source-badge');
    expect(global).toHaveTextContent('From SSO');
    const [fromSso, byHand] = screen.getAllByTestId('tenant-access');
    expect(within(fromSso!).getByText('From SSO')).toBe(tenant);
    expect(within(byHand!).queryByText('From SSO')).not.toBeInTheDocument();

    await userEvent.tab();
    expect(global).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SSO_SOURCE_HINT);
  });

  it('marks a tenant role in the access list entry on its own', () => {
    renderWithProviders(
      <ul>
        <TenantAccessEntry
          profile={makeProfile({ source: 'sso' })}
          tenantName="Acme Corp"
          userName="Bob Stone"
        />
      </ul>,
    );
    expect(screen.getByTestId('sso-source-badge')).toHaveTextContent('From SSO');
  });
});
