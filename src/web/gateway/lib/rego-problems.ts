import type { RegoProblem } from '@contract/gateway';
import { ApiError } from '@/lib/api-client';

const POSITION_PREFIX = /^line (\d+)(?:, column (\d+))?:\s*/i;

/**
 * The Rego problems of a failed save: the 400's issues on `body.policyContent`, each with its 1-based
 * `line` and `column` (the message starts "Line L, column C: ", which the list beside the editor shows
 * apart; an issue without a column points at the line's start).
 */
export function regoProblemsOf(error: unknown): RegoProblem[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues
    .filter((issue) => issue.path === 'body.policyContent')
    .map((issue) => {
      const prefixed = POSITION_PREFIX.exec(issue.message);
      const line = issue.line ?? (prefixed ? Number(prefixed[1]) : 1);
      const column = issue.column ?? (prefixed?.[2] ? Number(prefixed[2]) : 1);
      return { line, column, message: issue.message.replace(POSITION_PREFIX, '') || issue.message };
    });
}
