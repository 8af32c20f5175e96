/*
 * How a form's values compare with the baseline it loaded and with someone else's save: the rows of the
 * conflict alert (docs/concurrency.md).
 */

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

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A form's field names as its own keys, so values and labels can be read without widening to string. */
export type Field<TForm> = keyof TForm & string;

/** The own field names of `values`, in Object.keys order but typed as the form's keys. */
export function fieldsOf<TForm extends Record<string, unknown>>(values: TForm): Field<TForm>[] {
  const fields: Field<TForm>[] = [];
  // for...in types its key as the form's key (Object.keys gives string[]); hasOwn keeps it to own keys.
  for (const field in values) if (Object.hasOwn(values, field)) fields.push(field);
  return fields;
}

/** Whether `values` differ from the baseline at `field` (no baseline yet: every field counts). */
export function differs<TForm>(base: TForm | undefined, values: TForm, field: Field<TForm>): boolean {
  return !base || !same(values[field], base[field]);
}

/** The alert's rows: each field their save changed, with this admin's value beside theirs. */
export function conflictFields<TForm extends Record<string, unknown>>(
  base: TForm | undefined,
  mine: TForm,
  theirs: TForm,
  labels: Partial<Record<Field<TForm>, string>>,
): ConflictField[] {
  return fieldsOf(theirs)
    .filter((field) => differs(base, theirs, field))
    .map((field) => ({
      field,
      label: labels[field] ?? field,
      yours: mine[field],
      theirs: theirs[field],
      clash: differs(base, mine, field) && !same(mine[field], theirs[field]),
    }));
}
