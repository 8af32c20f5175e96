import type { ApiToken } from '@contract/api-tokens';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { useTenantNames } from '@/tenants';
import type { TokenOwner } from '@/api-tokens/api/api-token-keys';
import { useApiTokens } from '@/api-tokens/api/get-api-tokens';
import { ApiTokenItem } from '@/api-tokens/components/api-token-item';
import { CreateTokenDialog } from '@/api-tokens/components/create-token-dialog';
import { RevokeTokenDialog } from '@/api-tokens/components/revoke-token-dialog';

type ApiTokensPanelProps = {
  /** Whose tokens: your own (null) or this user's (administrators). */
  owner: TokenOwner;
  /** Offer Create token (yourself, or an administrator for a service account). */
  canCreate: boolean;
  /** Named in the texts when the tokens are someone else's. */
  ownerName?: string;
};

/**
 * A person's or service account's tokens, newest first, with Create token and Revoke. The empty state's
 * Create token and the list's share a focus key: the dialog gives focus back to whichever shows.
 */
export function ApiTokensPanel({ owner, canCreate, ownerName }: ApiTokensPanelProps) {
  const tokens = useApiTokens(owner);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ token: ApiToken | null; open: boolean }>({
    token: null,
    open: false,
  });
  const rows = tokens.data ?? [];
  const names = useTenantNames(rows.flatMap((token) => token.tenantIds ?? []));
  const tenantName = (tenantId: string) => names?.get(tenantId) ?? tenantId;
  const createButton = canCreate && (
    <Button onClick={() => setCreating(true)} data-focus-key="create-token">
      <Plus aria-hidden="true" />
      Create token
    </Button>
  );

  return (
    <div className="space-y-4">
      {createButton && rows.length > 0 && <div className="flex justify-end">{createButton}</div>}
      <ListState
        status={tokens.status}
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
        errorTitle="Could not load API tokens"
        isEmpty={rows.length === 0}
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading tokens...</p>}
        empty={
          <EmptyState
            icon={KeyRound}
            title="No API tokens"
            description={
              ownerName ? `${ownerName} has no API tokens.` : 'Create one for a script or a pipeline.'
            }
            action={createButton || undefined}
          />
        }
      >
        <ul className="space-y-3" aria-label={ownerName ? `API tokens of ${ownerName}` : 'API tokens'}>
          {rows.map((token) => (
            <ApiTokenItem
              key={token.id}
              token={token}
              tenantName={tenantName}
              revoking={revoking.open}
              onRevoke={() => setRevoking({ token, open: true })}
            />
          ))}
        </ul>
      </ListState>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} owner={owner} ownerName={ownerName} />
      <RevokeTokenDialog
        owner={owner}
        token={revoking.token}
        open={revoking.open}
        onClose={() => setRevoking((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
