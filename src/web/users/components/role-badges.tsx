import { Badge } from '@/components/ui/badge';
import { globalRoleVariant, tenantRoleVariant } from '@/users/lib/roles';

export function GlobalRoleBadge({ role }: { role: string }) {
  return (
    <Badge variant={globalRoleVariant(role)} data-testid="global-role-badge">
      {role}
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
