import type { User } from '@contract/users';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { avatarColor } from '@/lib/avatar-color';
import { getInitials } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The user's picture, or the initials (at most 2 characters) on a colour of their own until and unless
 * it loads; the colour is computed here, so a user without a picture costs no request.
 */
export function UserAvatar({ user }: { user: Pick<User, 'name' | 'avatarUrl'> }) {
  return (
    <Avatar className="size-10">
      {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt={user.name} />}
      <AvatarFallback
        className={cn('text-sm font-medium text-white', avatarColor(user.name))}
        data-testid="user-avatar-fallback"
      >
        {getInitials(user.name)}
      </AvatarFallback>
    </Avatar>
  );
}
