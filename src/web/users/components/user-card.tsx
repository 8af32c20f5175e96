import type { User, UserProfile } from '@contract/users';
import { ShieldCheck } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { GlobalRoleBadge, ServiceAccountBadge } from '@/users/components/role-badges';
import { SsoSourceBadge } from '@/users/components/sso-source-badge';
import { TenantAccessEntry } from '@/users/components/tenant-access-entry';
import { UserAvatar } from '@/users/components/user-avatar';
import { UserCardActions, type UserAction } from '@/users/components/user-card-actions';

type UserCardProps = {
  user: User;
  profiles: UserProfile[];
  tenantName: (tenantId: string) => string | undefined;
  /** Show Manage Access (the viewer may manage access on at least one tenant). */
  canManageAccess: boolean;
  /** Show the card menu (global administrators). */
  canEdit: boolean;
  onAction: (action: UserAction | 'access') => void;
};

/** A user: avatar, name and email, kind, global role and status, and the tenants they can reach. */
export function UserCard({ user, profiles, tenantName, canManageAccess, canEdit, onAction }: UserCardProps) {
  return (
    <Card data-testid="user-card" aria-label={user.name} role="article">
      <CardHeader>
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar user={user} />
          <div className="min-w-0 space-y-1">
            <CardTitle className="truncate">{user.name}</CardTitle>
            <CardDescription className="truncate">{user.email}</CardDescription>
          </div>
        </div>
        {canEdit && (
          <CardAction>
            <UserCardActions user={user} onAction={onAction} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          {user.kind === 'service' && <ServiceAccountBadge />}
          <GlobalRoleBadge role={user.globalRole} />
          <SsoSourceBadge source={user.globalRoleSource} />
          <StatusBadge status={user.status} />
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium">Tenant Access</p>
          {profiles.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tenant access configured</p>
          ) : (
            <ul className="space-y-2" aria-label={`Tenant access of ${user.name}`}>
              {profiles.map((profile) => (
                <TenantAccessEntry
                  key={profile.id}
                  profile={profile}
                  tenantName={tenantName(profile.tenantId)}
                  userName={user.name}
                />
              ))}
            </ul>
          )}
        </div>
        {canManageAccess && (
          <Button variant="outline" className="mt-auto w-full" onClick={() => onAction('access')}>
            <ShieldCheck aria-hidden="true" />
            Manage Access
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
