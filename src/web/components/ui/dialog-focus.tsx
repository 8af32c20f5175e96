import { useEffect, useRef } from 'react';

/*
 * Keyboard behaviour shared by the dialog primitives (Dialog, AlertDialog, Sheet):
 * - focus returns to the control that opened the dialog. Radix returns it only to a Dialog.Trigger;
 *   the app opens its dialogs from buttons and menu items through state, and a menu item is gone by the
 *   time the dialog closes, so the dialog remembers the control (or the menu's trigger) when it opens; a
 *   dialog that replaces another (a switch continued as a change request) remembers the first one's;
 * - Escape closes the innermost dialog even while a toast is showing: Radix hands Escape to the newest
 *   dismissable layer, which after a failed submit is the error toast, not the dialog.
 */

let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => (lastFocused = event.target as Element), true);
}

/** Each open dialog's content and the control that opened it. */
const openers = new WeakMap<Element, HTMLElement>();

/**
 * The control focus should go back to: the focused element, the trigger of the menu it sat in, or, for
 * a dialog opened from a dialog that has just gone (Continue to request), the control that opened that one.
 */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  // A menu item that opened the dialog has already left the page: the body holds focus by now.
  const candidate = active && active !== document.body ? active : lastFocused;
  if (!(candidate instanceof HTMLElement)) return null;
  // Radix labels a menu by its trigger; the detached item still knows its menu.
  const menu = candidate.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  if (trigger) return trigger;
  const dialog = candidate.isConnected ? null : candidate.closest('[role="dialog"],[role="alertdialog"]');
  return (dialog && openers.get(dialog)) ?? candidate;
}

function focusable(element: HTMLElement | null): element is HTMLElement {
  return (
    !!element && element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0
  );
}

/**
 * The control that took the opener's place: a control marked `data-focus-key` that is replaced while its
 * dialog is open (an empty state's Create button, the list's once the first item exists) names its
 * successor by carrying the same key.
 */
function successorOf(origin: HTMLElement | null): HTMLElement | null {
  const key = origin?.dataset.focusKey;
  if (!key) return null;
  const marked = document.querySelectorAll<HTMLElement>('[data-focus-key]');
  return [...marked].find((element) => element.dataset.focusKey === key && focusable(element)) ?? null;
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Open/close auto-focus handlers for a Radix dialog's Content: remember the opener, give focus back to it
 * on close (or, when it is gone, to the control that replaced it, see `successorOf`, else to the main
 * content, e.g. when its row was deleted). A handler passed in that
 * prevents the default keeps its own behaviour.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const origin = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      origin.current = focusOrigin();
      if (event.target instanceof Element && origin.current) openers.set(event.target, origin.current);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = focusable(origin.current)
        ? origin.current
        : (successorOf(origin.current) ?? document.querySelector<HTMLElement>('main[tabindex]'));
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
