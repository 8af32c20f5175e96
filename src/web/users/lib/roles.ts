import type { BadgeVariant } from '@/components/ui/badge';

/** docs/product.md, Roles and permissions: a global admin is highlighted, a user is not. */
export function globalRoleVariant(role: string): BadgeVariant {
  return role.trim().toLowerCase() === 'admin' ? 'default' : 'outline';
}

/**
 * docs/product.md, Roles and permissions: owner and admin highlighted, developer secondary, other values
 * outlined.
 */
export function tenantRoleVariant(role: string): BadgeVariant {
  const value = role.trim().toLowerCase();
  if (value === 'owner' || value === 'admin') return 'default';
  if (value === 'developer') return 'secondary';
  return 'outline';
}
