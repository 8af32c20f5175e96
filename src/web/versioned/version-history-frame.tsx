import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { DialogOpenProps } from '@/components/dialog-open';

type VersionHistoryFrameProps = DialogOpenProps & {
  title: string;
  description: string;
  /** The history query's state ('error': says the history could not be read). */
  status: 'pending' | 'error' | 'success';
  empty: boolean;
  /** The versions, newest first (VersionEntry items), with any note around them. */
  children: ReactNode;
  /** The dialogs an entry's action opens (promote, request), kept inside this one. */
  dialogs?: ReactNode;
};

/** A version history dialog: its heading, and a loading, failed or empty state until the versions show. */
export function VersionHistoryFrame({
  open,
  onOpenChange,
  title,
  description,
  status,
  empty,
  children,
  dialogs,
}: VersionHistoryFrameProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {status === 'pending' ? (
          <div aria-busy="true" className="space-y-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : status === 'error' ? (
          <p role="alert" className="py-6 text-center text-sm text-destructive">
            Could not load the version history.
          </p>
        ) : empty ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No version history available</p>
        ) : (
          children
        )}
        {dialogs}
      </DialogContent>
    </Dialog>
  );
}
