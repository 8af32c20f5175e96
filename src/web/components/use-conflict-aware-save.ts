import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { isPreconditionFailed } from '@/lib/api-client';

/** One form field that someone else changed while this admin was editing. */
export type ConflictField = {
  field: string;
  label: string;
  /** What this admin has in the form now, and what the other save stored. */
  yours: unknown;
  theirs: unknown;
  /** Whether this admin edited the field too: then "Reload their version" keeps theirs out. */
  clash: boolean;
};

export type Conflict = {
  /** "tenant", "settings": how the alert names the resource. */
  what: string;
  fields: ConflictField[];
};

export type ConflictAwareSave = {
  /** The revision to send as If-Match: the one loaded, or the one a reload or overwrite moved to. */
  revision: () => number | undefined;
  /** The 412 to show, or null. */
  conflict: Conflict | null;
  /** Call from a save's onError: true when it was a 412 (the alert and a toast now tell it). */
  handleError: (error: unknown) => boolean;
  /** Rebases the form on the server's current values, keeping the fields this admin edited. */
  reload: () => void;
  /** Resends this admin's values over theirs: moves to the current revision, then runs `submit`. */
  overwrite: (submit: () => void) => void;
  /** Call from a save's onSuccess when the form stays open: the saved resource is the new baseline. */
  saved: (resource: { revision: number }) => void;
};

/**
 * What the hook needs of a form: a react-hook-form `useForm()` result fits as is, and a form kept in
 * useState can pass three small functions. (Method syntax on purpose: react-hook-form's typed field
 * paths then still fit the plain string names used here.)
 */
export interface FormLike<TForm> {
  getValues(): TForm;
  reset(values: TForm): void;
  setValue(field: never, value: never, options: { shouldDirty: boolean }): void;
}

type Options<TForm extends Record<string, unknown>, TResource extends { revision: number }> = {
  form: FormLike<TForm>;
  /** The resource the form was opened on (undefined while creating: nothing to conflict with). */
  resource: TResource | undefined;
  /** The form's values for a resource: the same function that gives the form its defaults. */
  toFormValues: (resource: TResource) => TForm;
  what: string;
  /** Field labels for the alert; fields without one show their name. */
  labels?: Partial<Record<keyof TForm & string, string>>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Optimistic concurrency for a whole-resource form. The form sends the revision it loaded; when the
 * server answers 412 this keeps what the admin typed, says which fields the other save changed
 * (yours vs theirs), and offers to rebase on their version or to overwrite it. One hook for every
 * edit form, so each form only wires `revision()`, `handleError` and the <ConflictAlert>.
 */
export function useConflictAwareSave<
  TForm extends Record<string, unknown>,
  TResource extends { revision: number },
>({ form, resource, toFormValues, what, labels = {} }: Options<TForm, TResource>): ConflictAwareSave {
  // What the form started from (to tell the admin's edits from theirs) and the revision it matches.
  const base = useRef<TForm | undefined>(resource ? toFormValues(resource) : undefined);
  const revisionRef = useRef<number | undefined>(resource?.revision);
  const [pending, setPending] = useState<{ current: TResource; revision: number } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const getValues = useCallback(() => form.getValues(), [form]);
  const reset = useCallback((values: TForm) => form.reset(values), [form]);
  const setValue = useCallback(
    (field: string, value: unknown) =>
      (form.setValue as (f: string, v: unknown, o: { shouldDirty: boolean }) => void)(field, value, {
        shouldDirty: true,
      }),
    [form],
  );

  // This client's own saves (and refetches) move the resource on. A newer revision that changes
  // none of this form's fields is adopted silently: the form sends only its own fields, so saving
  // over it reverts nothing. Anything else stays a conflict for the next save to report.
  const latest = resource?.revision;
  useEffect(() => {
    if (!resource || revisionRef.current === undefined || resource.revision <= revisionRef.current) return;
    const next = toFormValues(resource);
    if (base.current && Object.keys(next).every((field) => same(next[field], base.current?.[field]))) {
      revisionRef.current = resource.revision;
    }
    // Only a revision change matters; the callbacks are re-created on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);

  const edited = useCallback(
    (field: string, mine: TForm) => !base.current || !same(mine[field], base.current[field]),
    [],
  );

  const handleError = useCallback(
    (error: unknown): boolean => {
      if (!isPreconditionFailed(error) || !resource) return false;
      const current = error.current as TResource;
      const theirs = toFormValues(current);
      const mine: TForm = getValues();
      const fields = Object.keys(theirs)
        .filter((field) => !base.current || !same(theirs[field], base.current[field]))
        .map((field) => ({
          field,
          label: (labels as Record<string, string | undefined>)[field] ?? field,
          yours: mine[field],
          theirs: theirs[field],
          clash: edited(field, mine) && !same(mine[field], theirs[field]),
        }));
      setPending({ current, revision: error.currentRevision });
      setConflict({ what, fields });
      toast({
        variant: 'destructive',
        title: 'Not saved',
        description: `Someone else changed this ${what} while you were editing. Your changes are still in the form.`,
      });
      return true;
    },
    [resource, toFormValues, getValues, labels, what, edited],
  );

  const reload = useCallback(() => {
    if (!pending) return;
    const theirs = toFormValues(pending.current);
    const mine: TForm = getValues();
    const keep = Object.keys(theirs).filter((field) => edited(field, mine));
    // Their version becomes the form's baseline; the admin's edits go back on top, still dirty.
    reset(theirs);
    for (const field of keep) setValue(field, mine[field]);
    base.current = theirs;
    revisionRef.current = pending.revision;
    setPending(null);
    setConflict(null);
  }, [pending, toFormValues, getValues, edited, reset, setValue]);

  const overwrite = useCallback(
    (submit: () => void) => {
      if (!pending) return;
      revisionRef.current = pending.revision;
      base.current = toFormValues(pending.current);
      setPending(null);
      setConflict(null);
      submit();
    },
    [pending, toFormValues],
  );

  const saved = useCallback(
    (resource: { revision: number }) => {
      base.current = getValues();
      revisionRef.current = resource.revision;
    },
    [getValues],
  );

  return { revision: () => revisionRef.current, conflict, handleError, reload, overwrite, saved };
}
