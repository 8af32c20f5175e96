/** What a dialog's opener passes it: whether it is open, and how it asks to close (or open). */
export type DialogOpenProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};
