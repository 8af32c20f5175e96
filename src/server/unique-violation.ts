/** PostgreSQL's unique_violation: a duplicate (or a race) that a unique index refused. */
const UNIQUE_VIOLATION = '23505';

/** The error and the ones it wraps (drivers and drizzle put the database's error in `cause`). */
function* causes(error: unknown): Generator<object> {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    yield e;
    e = 'cause' in e ? e.cause : undefined;
  }
}

/** Whether a database error, or one it wraps, is a unique violation. */
export const isUniqueViolation = (error: unknown): boolean =>
  [...causes(error)].some((e) => 'code' in e && e.code === UNIQUE_VIOLATION);

/**
 * Runs `work`, answering a unique violation with `refusal` (a 409 that names what is taken): the error
 * handler's generic 409 would not say which.
 */
export async function refusingDuplicates<T>(work: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}
