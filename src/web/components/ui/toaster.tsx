import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { escapeTopDialog } from '@/components/ui/dialog-focus';
import { useToast } from '@/components/ui/use-toast';

/**
 * docs/product.md, Constants and limits: 5000 ms display, swipe right past 50 px to dismiss, F8 focuses
 * the viewport.
 */
export const TOAST_DURATION = 5000;
const TOAST_HOTKEY = ['F8'];

export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast
          key={id}
          {...props}
          // A toast is the newest layer, so Radix gives it the Escape: with a dialog open, the dialog
          // gets it instead (the toast times out on its own).
          onEscapeKeyDown={(event) => {
            if (escapeTopDialog(event)) event.preventDefault();
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* The hotkey belongs to the viewport in Radix; F8 is its default, set explicitly. A modal dialog
          hides the rest of the page from assistive technology except [aria-live] elements: "off" keeps
          a toast's Undo reachable while a dialog is open, without making the list a second live region
          (Radix announces each toast itself). */}
      <ToastViewport hotkey={TOAST_HOTKEY} aria-live="off" />
    </ToastProvider>
  );
}
