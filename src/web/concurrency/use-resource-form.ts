import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { notifyFormFailure } from '@/components/notify-form-failure';
import type { LiveResource } from '@/concurrency/use-changed-underneath';
import { useConflictAwareSave } from '@/concurrency/use-conflict-aware-save';

type Options<TInput extends FieldValues, TValues, TResource extends { revision: number }> = {
  schema: z.ZodType<TValues, TInput>;
  /** The form's values for a resource, or a new one's defaults without. */
  defaults: (resource?: TResource) => NoInfer<TInput> & DefaultValues<NoInfer<TInput>>;
  /** The resource being edited; undefined while creating. */
  resource: TResource | undefined;
  /** "capability", "user": how the conflict alert names the resource. */
  what: string;
  /** Body field -> form field of a 400's issues (undefined: not shown on a field). */
  toField: (bodyField: string) => Path<TInput> | undefined;
  /** Where a 409 without field issues lands (a taken email, a duplicate access). */
  conflictField?: Path<TInput>;
  labels?: Partial<Record<keyof TInput & string, string>>;
  mode?: Mode;
  /** Wraps the zod resolver, e.g. to wait for a lazily loaded check. */
  wrapResolver?: (resolver: Resolver<TInput, unknown, TValues>) => Resolver<TInput, unknown, TValues>;
  /** Called after a save succeeded (closes the dialog). */
  onDone: () => void;
  /** Follow the resource live: someone else's save is announced in the form at once. */
  live?: LiveResource<TResource>;
};

/**
 * The create-or-edit form of one resource: react-hook-form on the form's zod schema, optimistic
 * concurrency (useConflictAwareSave) and the failure path every such form shares: a 412 shows the
 * conflict, a 400 puts its issues on the fields, anything else toasts.
 */
export function useResourceForm<TInput extends FieldValues, TValues, TResource extends { revision: number }>({
  schema,
  defaults,
  resource,
  what,
  toField,
  conflictField,
  labels,
  mode,
  wrapResolver = (resolver) => resolver,
  onDone,
  live,
}: Options<TInput, TValues, TResource>) {
  const form = useForm<TInput, unknown, TValues>({
    resolver: wrapResolver(zodResolver(schema)),
    mode,
    defaultValues: defaults(resource),
  });
  const conflict = useConflictAwareSave<TInput, TResource>({
    form,
    resource,
    toFormValues: defaults,
    what,
    labels,
    live,
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    notifyFormFailure(error, form.setError, toField, fallback, conflictField);
  };

  /** A save's callbacks: on success `onSaved` (its toast), then done; on failure `onError`. */
  const outcome = <TSaved>(onSaved: (saved: TSaved) => void, fallback: string) => ({
    onSuccess: (saved: TSaved) => {
      onSaved(saved);
      onDone();
    },
    onError: (error: unknown) => onError(error, fallback),
  });

  return { form, conflict, onError, outcome };
}

/** The `toField` of a form whose fields are the body fields a 400 can name. */
export const oneOf =
  <T extends string>(fields: readonly T[]) =>
  (field: string): T | undefined =>
    fields.find((name) => name === field);
