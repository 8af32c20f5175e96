import type { ErrorCode, FieldIssue } from '../contract/errors';

/** Thrown by services; the error handler turns it into the JSON error body with its status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new AppError('VALIDATION_FAILED', message, issues);
