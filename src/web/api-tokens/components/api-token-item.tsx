import { apiTokenStatusNames, type ApiToken } from '@contract/api-tokens';
import { Ban } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { lastUsedLabel, scopeLabels, tokenStatusVariant } from '@/api-tokens/lib/token-view';

type ApiTokenItemProps = {
  token: ApiToken;
  tenantName: (tenantId: string) => string;
  /** Revoke is offered on active tokens while no revocation is under way. */
  revoking: boolean;
  onRevoke: () => void;
};

/** One token: name and status, its prefix, scopes and dates, and Revoke while it is active. */
export function ApiTokenItem({ token, tenantName, revoking, onRevoke }: ApiTokenItemProps) {
  const facts: [string, string][] = [
    ['Created', formatDate(token.createdAt)],
    ['Expires', formatDate(token.expiresAt)],
    ['Last used', lastUsedLabel(token)],
  ];
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between"
      aria-label={token.name}
      data-testid="api-token"
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          <Badge variant={tokenStatusVariant[token.status]} data-testid="token-status">
            {apiTokenStatusNames[token.status]}
          </Badge>
        </div>
        <code className="block font-mono text-xs text-muted-foreground">{token.displayPrefix}…</code>
        <ul className="flex flex-wrap gap-1" aria-label="Scopes">
          {scopeLabels(token, tenantName).map((label) => (
            <li key={label}>
              <Badge variant="outline" className="whitespace-normal">
                {label}
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {token.status === 'active' && (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          disabled={revoking}
          aria-label={`Revoke ${token.name}`}
          onClick={onRevoke}
        >
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      )}
    </li>
  );
}
