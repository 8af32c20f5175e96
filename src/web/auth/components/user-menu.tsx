import type { Me } from '@contract/auth';
import { KeyRound, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useMe } from '@/auth/api/get-me';
import { useSignOut } from '@/auth/components/use-sign-out';
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
import { avatarColor } from '@/lib/avatar-color';
import { getInitials } from '@/lib/format';
import { cn } from '@/lib/utils';

type User = Me['user'];

function UserMenuTrigger({ user }: { user: User }) {
  return (
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
  );
}

function UserMenuLabel({ user }: { user: User }) {
  return (
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
  );
}

/** Header account menu: who is signed in, API access and Sign out. */
export function UserMenu() {
  const me = useMe();
  const { signOut, pending } = useSignOut();

  if (!me) return null;

  return (
    <DropdownMenu>
      <UserMenuTrigger user={me.user} />
      <DropdownMenuContent align="end" className="w-64" data-testid="user-menu">
        <UserMenuLabel user={me.user} />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* The API access page (app/router.tsx): every signed-in person's own tokens. */}
          <Link to="/api-access">
            <KeyRound aria-hidden="true" />
            API access
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={pending}
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
