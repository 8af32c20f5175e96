import type { User } from '@contract/users';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { getInitials } from '@/lib/format';

/** The user's picture, or the initials (at most 2 characters) until and unless it loads. */
export function UserAvatar({ user }: { user: Pick<User, 'name' | 'avatarUrl'> }) {
  return (
    <Avatar className="size-10">
      {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt={user.name} />}
      <AvatarFallback className="text-sm font-medium" data-testid="user-avatar-fallback">
        {getInitials(user.name)}
      </AvatarFallback>
    </Avatar>
  );
}
