import type { DiffEntry } from '../../../contract/changes';
import type { switchMicrofrontendBodySchema } from '../../../contract/deployments';
import {
  DEFAULT_ANALYSIS_WINDOW_SECONDS,
  DEFAULT_ROLLOUT_STEPS,
  DEFAULT_WATCH_WINDOW_SECONDS,
  type ProgressiveOptions,
} from '../../../contract/rollouts';
import type { z } from 'zod';

/** The fields of a switch body these notes read (both kinds' bodies have them). */
type SwitchBody = Pick<
  z.infer<typeof switchMicrofrontendBodySchema>,
  'progressive' | 'force' | 'forceReason'
>;

/** How a progressive switch moves traffic, as reviewers read it: "progressive 10 → 50 → 100". */
export function progressiveLabel(options: ProgressiveOptions): string {
  return `progressive ${(options.steps ?? DEFAULT_ROLLOUT_STEPS).join(' → ')}`;
}

/** What a switch asks beyond swapping the slots: steps and their windows, forcing the health gate. */
export function switchNotes(body: SwitchBody): DiffEntry[] {
  const notes: DiffEntry[] = [];
  const { progressive } = body;
  if (progressive) {
    const analysis = progressive.analysisWindowSeconds ?? DEFAULT_ANALYSIS_WINDOW_SECONDS;
    const watch = progressive.watchWindowSeconds ?? DEFAULT_WATCH_WINDOW_SECONDS;
    notes.push({
      label: 'Traffic',
      before: 'all on the live slot',
      after: `${progressiveLabel(progressive)} (each step held ${analysis} s, then watched ${watch} s)`,
    });
  }
  if (body.force) {
    notes.push({ label: 'Health gate', before: 'required', after: `forced: ${body.forceReason ?? ''}` });
  }
  return notes;
}
