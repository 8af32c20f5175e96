import type { ErrorCode, FieldIssue } from '../contract/errors';

/** Thrown by services; the error handler turns it into the JSON error body with its status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new AppError('VALIDATION_FAILED', message, issues);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue') => new AppError('UNAUTHENTICATED', message);
