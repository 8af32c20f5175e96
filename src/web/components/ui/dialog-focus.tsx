import { useEffect, useRef } from 'react';

/*
 * Keyboard behaviour shared by the dialog primitives (Dialog, AlertDialog, Sheet):
 * - focus returns to the control that opened the dialog. Radix returns it only to a Dialog.Trigger;
 *   the app opens its dialogs from buttons and menu items through state, and a menu item is gone by the
 *   time the dialog closes, so the dialog remembers the control (or the menu's trigger) when it opens;
 * - Escape closes the innermost dialog even while a toast is showing: Radix hands Escape to the newest
 *   dismissable layer, which after a failed submit is the error toast, not the dialog.
 */

let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => (lastFocused = event.target as Element), true);
}

/** The control focus should go back to: the focused element, or the trigger of the menu it sat in. */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  // A menu item that opened the dialog has already left the page: the body holds focus by now.
  const candidate = active && active !== document.body ? active : lastFocused;
  if (!(candidate instanceof HTMLElement)) return null;
  // Radix labels a menu by its trigger; the detached item still knows its menu.
  const menu = candidate.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? candidate;
}

function focusable(element: HTMLElement | null): element is HTMLElement {
  return (
    !!element && element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0
  );
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Open/close auto-focus handlers for a Radix dialog's Content: remember the opener, give focus back to it
 * on close (or, when it is gone, e.g. its row was deleted, to the main content). A handler passed in that
 * prevents the default keeps its own behaviour.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const origin = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      origin.current = focusOrigin();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = focusable(origin.current)
        ? origin.current
        : document.querySelector<HTMLElement>('main[tabindex]');
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

type EscapeHandler = (event: KeyboardEvent) => void;
const openDialogs: EscapeHandler[] = [];

/** Mounted inside an open dialog's content: registers what Escape does to it (innermost last). */
export function DialogEscape({ onEscape }: { onEscape: EscapeHandler }) {
  const handler = useRef(onEscape);
  useEffect(() => {
    handler.current = onEscape;
  });
  useEffect(() => {
    const entry: EscapeHandler = (event) => handler.current(event);
    openDialogs.push(entry);
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
    };
  }, []);
  return null;
}

/** Sends an Escape to the innermost open dialog; false when none is open. */
export function escapeTopDialog(event: KeyboardEvent): boolean {
  const top = openDialogs.at(-1);
  if (!top) return false;
  top(event);
  return true;
}
