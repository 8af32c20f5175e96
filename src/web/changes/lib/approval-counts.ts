import type { ApprovalPolicy } from '@contract/changes';
import { MAX_REQUIRED_APPROVALS } from '@contract/changes';
import type { Environment } from '@contract/vocabulary';

/** An approval policy's counts per environment. */
export type Counts = ApprovalPolicy['requiredApprovals'];

/** The counts as typed: text, so that a wrong entry stays on screen with its error. */
export type CountTexts = Record<Environment, string>;

export const toText = (counts: Counts): CountTexts => ({
  development: String(counts.development),
  uat: String(counts.uat),
  production: String(counts.production),
});

export function parseCount(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= MAX_REQUIRED_APPROVALS ? n : null;
}

export function parse(counts: CountTexts): Counts | null {
  const development = parseCount(counts.development);
  const uat = parseCount(counts.uat);
  const production = parseCount(counts.production);
  return development === null || uat === null || production === null
    ? null
    : { development, uat, production };
}
