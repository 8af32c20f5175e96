import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { DialogOpenProps } from '@/components/dialog-open';

type PromotionDialogProps = DialogOpenProps & {
  /** Where the version goes; null: nowhere (production). */
  target: Environment | null;
  /** What is promoted: "route /orders · version 3 of Development · api-001". */
  description: string;
  /** The promotion form, mounted only while open. */
  children: ReactNode;
};

/** "Promote to UAT/Production": the dialog around a promotion form (docs/promotion.md). */
export function PromotionDialog({ open, onOpenChange, target, description, children }: PromotionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{target ? `Promote to ${environmentName(target)}` : 'Promote'}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
