import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { forgetSession, useMe } from '@/auth/api/get-me';
import { useLogout } from '@/auth/api/logout';
import type { SignedOutState } from '@/auth/lib/sso';
import { LOGIN_PATH } from '@/auth/redirect';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { avatarColor } from '@/lib/avatar-color';
import { getInitials } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Header account menu: who is signed in, API access and Sign out. */
export function UserMenu() {
  const me = useMe();
  const logoutMutation = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (!me) return null;
  const { user } = me;

  const signOut = () => {
    logoutMutation.mutate(undefined, {
      onSuccess: ({ endSessionUrl }) => {
        // Navigate first, so that the session guard sees a sign-in page already on its way. The sign-in
        // page offers to end the provider's session too (docs/sso-console.md).
        const state: SignedOutState | null = endSessionUrl ? { endSessionUrl } : null;
        void navigate(LOGIN_PATH, { replace: true, flushSync: true, state });
        forgetSession(queryClient);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to sign out.'),
        });
      },
    });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by hidden text, not aria-label: the initials shown are decoration, not a different name. */}
        <Button variant="ghost" size="icon" className="size-8 rounded-full">
          <span className="sr-only">Account menu</span>
          <Avatar className="size-8" aria-hidden="true">
            {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt="" />}
            <AvatarFallback className={cn('text-xs font-medium text-white', avatarColor(user.name))}>
              {getInitials(user.name)}
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="user-menu">
        <DropdownMenuLabel className="space-y-1 font-normal">
          <p className="truncate text-sm font-medium" data-testid="user-menu-name">
            {user.name}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="user-menu-email">
            {user.email}
          </p>
          <Badge variant={user.globalRole === 'admin' ? 'default' : 'secondary'} data-testid="user-menu-role">
            {user.globalRole}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* The API access page (app/router.tsx): every signed-in person's own tokens. */}
          <Link to="/api-access">
            <KeyRound aria-hidden="true" />
            API access
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={logoutMutation.isPending}
          onSelect={(event) => {
            event.preventDefault();
            signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
