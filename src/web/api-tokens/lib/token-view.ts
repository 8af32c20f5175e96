import type { ApiToken } from '@contract/api-tokens';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatLocaleDateTime } from '@/lib/format';

/** A token's scopes in words: read-only or not, which tenants, a mesh's manifest. */
export function scopeLabels(token: ApiToken, tenantName: (tenantId: string) => string): string[] {
  if (token.meshId !== null) return ['Read-only', `Mesh manifest ${token.meshId}`];
  return [
    token.readOnly ? 'Read-only' : 'Read and write',
    token.tenantIds === null ? 'All tenants' : token.tenantIds.map(tenantName).join(', '),
  ];
}

/** When and from where it last authenticated. */
export function lastUsedLabel(token: ApiToken): string {
  if (token.lastUsedAt === null) return 'Never used';
  const when = formatLocaleDateTime(new Date(token.lastUsedAt));
  return token.lastUsedIp ? `${when} from ${token.lastUsedIp}` : when;
}

export const tokenStatusVariant: Record<ApiToken['status'], BadgeVariant> = {
  active: 'default',
  expired: 'secondary',
  revoked: 'outline',
};
