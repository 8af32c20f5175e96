import { regoProblemSchema, type RegoProblem } from '@contract/gateway';
import { ApiError } from '@/lib/api-client';
import { serverFieldIssues } from '@/lib/server-issues';

const LINE = /\bline (\d+)\b[:,]?\s*/i;

/**
 * The Rego problems of a failed save, each with its 1-based line when known: a `problems` list in the
 * error body (the contract's RegoProblem), else the 400's issues on `policyContent`, whose messages
 * carry the line as "line N: ...".
 */
export function regoProblemsOf(error: unknown): RegoProblem[] {
  if (!(error instanceof ApiError)) return [];
  const listed = (error.body as { problems?: unknown } | null)?.problems;
  if (Array.isArray(listed)) {
    const parsed = listed.flatMap((item) => {
      const result = regoProblemSchema.safeParse(item);
      return result.success ? [result.data] : [];
    });
    if (parsed.length > 0) return parsed;
  }
  return serverFieldIssues(error)
    .filter((issue) => issue.field === 'policyContent')
    .map(({ message }) => {
      const match = LINE.exec(message);
      return match
        ? { line: Number(match[1]), message: message.replace(LINE, '').trim() || message }
        : { line: 1, message };
    });
}
