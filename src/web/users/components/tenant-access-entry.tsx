import type { UserProfile } from '@contract/users';
import type * as React from 'react';
import { TenantRoleBadge } from '@/users/components/role-badges';
import { SsoSourceBadge } from '@/users/components/sso-source-badge';

export const UNKNOWN_TENANT = 'Unknown Tenant';

type TenantAccessEntryProps = {
  profile: UserProfile;
  /** The tenant's name; undefined when it cannot be resolved. */
  tenantName: string | undefined;
  /** The user's own name: 'Display as' shows only when the profile's display name differs. */
  userName: string;
  actions?: React.ReactNode;
};

/** One tenant the user can reach: tenant name, role badge, job title, and 'Display as'. */
export function TenantAccessEntry({ profile, tenantName, userName, actions }: TenantAccessEntryProps) {
  const displayAs = profile.displayName && profile.displayName !== userName ? profile.displayName : null;
  return (
    <li className="flex items-start justify-between gap-2 rounded-md border p-2" data-testid="tenant-access">
      <div className="min-w-0 space-y-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium">{tenantName ?? UNKNOWN_TENANT}</span>
          <TenantRoleBadge role={profile.role} />
          <SsoSourceBadge source={profile.source} />
        </div>
        {profile.jobTitle && <p className="text-xs text-muted-foreground">{profile.jobTitle}</p>}
        {displayAs && <p className="text-xs text-muted-foreground">Display as {displayAs}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-1">{actions}</div>}
    </li>
  );
}
