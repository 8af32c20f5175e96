import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { DialogOpenProps } from '@/components/dialog-open';

type FormDialogProps = DialogOpenProps & {
  title: string;
  description: ReactNode;
  /** DialogContent's width and scrolling. */
  className?: string;
  /** The form; mounted only while open, so each opening starts from the current values. */
  children: ReactNode;
};

/** A dialog around one form: title, description, then the form while the dialog is open. */
export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}
