import type { RoleSource } from '@contract/users';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export const SSO_SOURCE_HINT = "Set by the identity provider's groups at each sign-in";

/**
 * "From SSO" beside a role the SSO group rules set (nothing for a role set by hand): a change made here
 * lasts only until the user's next sign-in. Focusable, so the tooltip also opens from the keyboard.
 */
export function SsoSourceBadge({ source }: { source: RoleSource }) {
  if (source !== 'sso') return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="outline" tabIndex={0} data-testid="sso-source-badge">
          From SSO
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{SSO_SOURCE_HINT}</TooltipContent>
    </Tooltip>
  );
}
