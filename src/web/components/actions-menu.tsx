import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** The "Actions for <name>" menu of a row or a card: its trigger, then the items given. */
export function ActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    // Not modal: a modal menu handing focus to a dialog can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

type ActionItemProps = {
  icon: LucideIcon;
  onSelect: () => void;
  /** It removes something: shown in red. */
  destructive?: boolean;
  children: ReactNode;
};

/** One entry of an ActionsMenu: its icon, then its label. */
export function ActionItem({ icon: Icon, onSelect, destructive = false, children }: ActionItemProps) {
  return (
    <DropdownMenuItem variant={destructive ? 'destructive' : 'default'} onSelect={onSelect}>
      <Icon aria-hidden="true" />
      {children}
    </DropdownMenuItem>
  );
}
