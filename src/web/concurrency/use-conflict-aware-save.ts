import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { notifyError } from '@/components/notify';
import { toast } from '@/components/ui/use-toast';
import { idOf, useChangedUnderneath, type LiveResource } from '@/concurrency/use-changed-underneath';
import { isPreconditionFailed } from '@/lib/api-client';
import {
  conflictFields,
  differs,
  fieldsOf,
  same,
  type ConflictField,
  type Field,
} from '@/concurrency/conflict-fields';

export type { ConflictField } from '@/concurrency/conflict-fields';

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
  /** Who changed the resource since the form loaded it, as a live event told (not the viewer), or null. */
  changedBy: string | null;
  /** Reads their version and shows it as a conflict would (yours vs theirs, reload or overwrite). */
  review: () => void;
};

/**
 * What the hook needs of a form: a react-hook-form `useForm()` result fits as is, and a form kept in
 * useState can pass three small functions. (Method syntax on purpose: react-hook-form's typed field
 * paths then still fit the plain string names used here.)
 */
export interface FormLike<TForm> {
  getValues(): TForm;
  reset(values: TForm): void;
  setValue(field: string, value: unknown, options: { shouldDirty: boolean }): void;
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
  /** Follow the resource live: someone else's save is announced at once (docs/live-console.md). */
  live?: LiveResource<TResource>;
};

/**
 * What the form started from (to tell the admin's edits from theirs) and the revision it matches.
 * This client's own saves (and refetches) move the resource on. A newer revision that changes none
 * of this form's fields is adopted silently: the form sends only its own fields, so saving over it
 * reverts nothing. Anything else stays a conflict for the next save to report.
 */
function useBaseline<TForm extends Record<string, unknown>, TResource extends { revision: number }>(
  resource: TResource | undefined,
  toFormValues: (resource: TResource) => TForm,
) {
  const baseRef = useRef<TForm | undefined>(resource ? toFormValues(resource) : undefined);
  const revisionRef = useRef<number | undefined>(resource?.revision);
  const latest = resource?.revision;
  useEffect(() => {
    if (!resource || revisionRef.current === undefined || resource.revision <= revisionRef.current) return;
    const next = toFormValues(resource);
    if (baseRef.current && fieldsOf(next).every((field) => same(next[field], baseRef.current?.[field]))) {
      revisionRef.current = resource.revision;
    }
    // Only a revision change matters; the callbacks are re-created on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);
  return { baseRef, revisionRef };
}

/** The 412 on show: the alert's content, and their resource and revision for a reload or overwrite. */
function useConflictState<TResource>() {
  const [pending, setPending] = useState<{ current: TResource; revision: number } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const show = useCallback((current: TResource, revision: number, shown: Conflict) => {
    setPending({ current, revision });
    setConflict(shown);
  }, []);
  const clear = useCallback(() => {
    setPending(null);
    setConflict(null);
  }, []);
  return { pending, conflict, show, clear };
}

/** Shows their version beside the admin's, with the ways on (a 412, or a reviewed live change). */
function usePresent<TForm extends Record<string, unknown>, TResource>({
  toFormValues,
  getValues,
  labels,
  what,
  baseRef,
  show,
}: {
  toFormValues: (resource: TResource) => TForm;
  getValues: () => TForm;
  labels: Partial<Record<Field<TForm>, string>>;
  what: string;
  baseRef: RefObject<TForm | undefined>;
  show: (current: TResource, revision: number, shown: Conflict) => void;
}) {
  return useCallback(
    (current: TResource, revision: number) => {
      const theirs = toFormValues(current);
      show(current, revision, { what, fields: conflictFields(baseRef.current, getValues(), theirs, labels) });
    },
    [toFormValues, getValues, labels, what, baseRef, show],
  );
}

/**
 * Someone else's save announced live, and "Review their version": reads the resource and shows it as a
 * 412 would; when the form already holds that revision (it adopted it meanwhile), only the notice goes.
 */
function useLiveNotice<TResource extends { revision: number }>(
  live: LiveResource<TResource> | undefined,
  resource: TResource | undefined,
  revisionRef: RefObject<number | undefined>,
  present: (current: TResource, revision: number) => void,
) {
  const id = idOf(resource);
  const { underneath, clear } = useChangedUnderneath(live?.resourceType, id, () => revisionRef.current);
  const review = useCallback(() => {
    if (!live || id === null) return;
    live.fetchCurrent(id).then(
      (current) => {
        clear();
        if (current.revision > (revisionRef.current ?? -1)) present(current, current.revision);
      },
      (error: unknown) => notifyError(error, 'Could not load their version.'),
    );
  }, [live, id, revisionRef, present, clear]);
  return { underneath, forget: clear, review };
}

/**
 * The ways out of a conflict, and a save that keeps the form open: each moves the baseline and the
 * revision the next save sends.
 */
function useResolutions<TForm extends Record<string, unknown>, TResource extends { revision: number }>({
  form: { getValues, reset, setValue },
  pending,
  toFormValues,
  baseRef,
  revisionRef,
  clear,
}: {
  form: {
    getValues: () => TForm;
    reset: (values: TForm) => void;
    setValue: (field: Field<TForm>, value: TForm[Field<TForm>]) => void;
  };
  pending: { current: TResource; revision: number } | null;
  toFormValues: (resource: TResource) => TForm;
  baseRef: RefObject<TForm | undefined>;
  revisionRef: RefObject<number | undefined>;
  clear: () => void;
}) {
  const reload = useCallback(() => {
    if (!pending) return;
    const theirs = toFormValues(pending.current);
    const mine: TForm = getValues();
    const keep = fieldsOf(theirs).filter((field) => differs(baseRef.current, mine, field));
    // Their version becomes the form's baseline; the admin's edits go back on top, still dirty.
    reset(theirs);
    for (const field of keep) setValue(field, mine[field]);
    baseRef.current = theirs;
    revisionRef.current = pending.revision;
    clear();
  }, [pending, toFormValues, getValues, baseRef, reset, setValue, revisionRef, clear]);

  const overwrite = useCallback(
    (submit: () => void) => {
      if (!pending) return;
      revisionRef.current = pending.revision;
      baseRef.current = toFormValues(pending.current);
      clear();
      submit();
    },
    [pending, toFormValues, revisionRef, baseRef, clear],
  );

  const saved = useCallback(
    (resource: { revision: number }) => {
      baseRef.current = getValues();
      revisionRef.current = resource.revision;
    },
    [getValues, baseRef, revisionRef],
  );
  return { reload, overwrite, saved };
}

/**
 * Optimistic concurrency for a whole-resource form. The form sends the revision it loaded; when the
 * server answers 412 this keeps what the admin typed, says which fields the other save changed
 * (yours vs theirs), and offers to rebase on their version or to overwrite it. One hook for every
 * edit form, so each form only wires `revision()`, `handleError` and the <ConflictAlert>.
 */
export function useConflictAwareSave<
  TForm extends Record<string, unknown>,
  TResource extends { revision: number },
>({ form, resource, toFormValues, what, labels = {}, live }: Options<TForm, TResource>): ConflictAwareSave {
  const { baseRef, revisionRef } = useBaseline(resource, toFormValues);
  const { pending, conflict, show, clear } = useConflictState<TResource>();
  const getValues = useCallback(() => form.getValues(), [form]);
  const reset = useCallback((values: TForm) => form.reset(values), [form]);
  const setValue = useCallback(
    (field: Field<TForm>, value: TForm[Field<TForm>]) => form.setValue(field, value, { shouldDirty: true }),
    [form],
  );

  const present = usePresent({ toFormValues, getValues, labels, what, baseRef, show });
  const { underneath, forget, review } = useLiveNotice(live, resource, revisionRef, present);

  const handleError = useCallback(
    (error: unknown): boolean => {
      if (!isPreconditionFailed(error) || !resource) return false;
      // The 412 body is the server's copy of this same resource, which the API client leaves unparsed.
      present(error.current as TResource, error.currentRevision);
      forget();
      toast({
        variant: 'destructive',
        title: 'Not saved',
        description: `Someone else changed this ${what} while you were editing. Your changes are still in the form.`,
      });
      return true;
    },
    [resource, present, forget, what],
  );

  const { reload, overwrite, saved } = useResolutions({
    form: { getValues, reset, setValue },
    pending,
    toFormValues,
    baseRef,
    revisionRef,
    clear,
  });

  return {
    revision: () => revisionRef.current,
    conflict,
    handleError,
    reload,
    overwrite,
    saved,
    changedBy: conflict ? null : (underneath?.who ?? null),
    review,
  };
}
