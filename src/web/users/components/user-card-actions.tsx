import type { User } from '@contract/users';
import { KeyRound, KeySquare, Link2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type UserAction = 'edit' | 'password' | 'tokens' | 'identities' | 'delete';

/**
 * The card menu (administrators only; the page decides): Edit user, Reset password and Single sign-on
 * (people only: a service account has neither), API tokens, Delete.
 */
export function UserCardActions({ user, onAction }: { user: User; onAction: (action: UserAction) => void }) {
  return (
    // Written out rather than ActionsMenu (components/actions-menu.tsx): its shared chunk would add ~0.2 KB
    // to the /users screen, which is at its size ceiling (e2e/shell/bundle-budget.spec.ts). Not modal: a
    // modal menu handing focus to a dialog can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${user.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction('edit')}>
          <Pencil aria-hidden="true" />
          Edit user
        </DropdownMenuItem>
        {user.kind === 'person' && (
          <>
            <DropdownMenuItem onSelect={() => onAction('password')}>
              <KeyRound aria-hidden="true" />
              Reset password
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('identities')}>
              <Link2 aria-hidden="true" />
              Single sign-on
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem onSelect={() => onAction('tokens')}>
          <KeySquare aria-hidden="true" />
          API tokens
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete')}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
