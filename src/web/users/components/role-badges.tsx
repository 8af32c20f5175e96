import { userKindNames } from '@contract/vocabulary';
import { Bot } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { globalRoleVariant, tenantRoleVariant } from '@/users/lib/roles';

export function GlobalRoleBadge({ role }: { role: string }) {
  return (
    <Badge variant={globalRoleVariant(role)} data-testid="global-role-badge">
      {role}
    </Badge>
  );
}

/** A service account never signs in: its card says so before anything else. */
export function ServiceAccountBadge() {
  return (
    <Badge variant="secondary" data-testid="service-account-badge">
      <Bot aria-hidden="true" />
      {userKindNames.service}
    </Badge>
  );
}

export function TenantRoleBadge({ role }: { role: string }) {
  return (
    <Badge variant={tenantRoleVariant(role)} data-testid="tenant-role-badge">
      {role}
    </Badge>
  );
}
