import type { RegoProblem } from '@contract/gateway';
import { ApiError } from '@/lib/api-client';

const LINE_PREFIX = /^line (\d+):\s*/i;

/**
 * The Rego problems of a failed save: the 400's issues on `body.policyContent`, each with its 1-based
 * `line` (the message starts "Line N: ", which the list beside the editor shows apart).
 */
export function regoProblemsOf(error: unknown): RegoProblem[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues
    .filter((issue) => issue.path === 'body.policyContent')
    .map((issue) => {
      const prefixed = LINE_PREFIX.exec(issue.message);
      const line = issue.line ?? (prefixed ? Number(prefixed[1]) : 1);
      return { line, message: issue.message.replace(LINE_PREFIX, '') || issue.message };
    });
}
