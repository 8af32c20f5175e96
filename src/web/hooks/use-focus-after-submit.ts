import { useEffect, useRef } from 'react';

/**
 * A form's fieldset is disabled while it submits, so the focused submit button loses focus and the
 * server's field errors (set while the fields are still disabled) cannot take it. Once the submit
 * settles and the form is still there: focus its first invalid field, else give focus back to the form's
 * submit button. Returns the ref for the <form>.
 */
export function useFocusAfterSubmit(pending: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const wasPending = useRef(pending);
  useEffect(() => {
    const settled = wasPending.current && !pending;
    wasPending.current = pending;
    const node = form.current;
    if (!settled || !node?.isConnected) return;
    const invalid = node.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    if (!node.contains(document.activeElement)) node.querySelector<HTMLElement>('[type="submit"]')?.focus();
  }, [pending]);
  return form;
}
