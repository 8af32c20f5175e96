import {
  DEFAULT_ANALYSIS_WINDOW_SECONDS,
  DEFAULT_ROLLOUT_STEPS,
  DEFAULT_WATCH_WINDOW_SECONDS,
  progressiveOptionsSchema,
  switchGateFieldsSchema,
} from '@contract/rollouts';
import { z } from 'zod';
import type { SwitchOptions } from '@/deployments/api/switch-deployment';

export const switchModes = ['now', 'progressive'] as const;
export type SwitchMode = (typeof switchModes)[number];

const WHOLE = /^\d+$/;
const PROGRESSIVE_FIELDS = ['steps', 'analysisWindowSeconds', 'watchWindowSeconds'] as const;
export const FORCE_REASON_REQUIRED = 'Give the reason for forcing the switch';

/** "10, 50, 100" as numbers; NaN for a part that is not a whole number (the schema then refuses it). */
export const parseSteps = (text: string): number[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => (WHOLE.test(part) ? Number(part) : Number.NaN));

const seconds = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The Switch dialog's fields as the inputs hold them (text). A progressive switch is checked with the
 * contract's progressiveOptionsSchema, its issues put on the fields; forcing needs a reason.
 */
export const switchFormSchema = z
  .object({
    mode: z.enum(switchModes),
    steps: z.string(),
    analysisWindowSeconds: z.string(),
    watchWindowSeconds: z.string(),
    force: z.boolean(),
    forceReason: z.string().pipe(switchGateFieldsSchema.forceReason.unwrap()),
  })
  .superRefine((values, ctx) => {
    if (values.force && !values.forceReason) {
      ctx.addIssue({ code: 'custom', path: ['forceReason'], message: FORCE_REASON_REQUIRED });
    }
    if (values.mode !== 'progressive') return;
    const parsed = progressiveOptionsSchema.safeParse(toProgressive(values));
    for (const issue of parsed.error?.issues ?? []) {
      const field = PROGRESSIVE_FIELDS.find((name) => name === issue.path[0]);
      ctx.addIssue({ code: 'custom', path: [field ?? 'steps'], message: messageFor(field, issue.message) });
    }
  });
export type SwitchFormInput = z.input<typeof switchFormSchema>;
export type SwitchFormValues = z.output<typeof switchFormSchema>;

/** A NaN is a field that is not a whole number: say so rather than zod's "received NaN". */
function messageFor(field: (typeof PROGRESSIVE_FIELDS)[number] | undefined, message: string): string {
  if (!/NaN/.test(message)) return message;
  return field === 'steps' ? 'Steps are whole percentages, e.g. 10, 50, 100' : 'Enter whole seconds';
}

function toProgressive(values: Pick<SwitchFormInput, (typeof PROGRESSIVE_FIELDS)[number]>) {
  return {
    steps: parseSteps(values.steps),
    analysisWindowSeconds: seconds(values.analysisWindowSeconds),
    watchWindowSeconds: seconds(values.watchWindowSeconds),
  };
}

export const switchFormDefaults: SwitchFormInput = {
  mode: 'now',
  steps: DEFAULT_ROLLOUT_STEPS.join(', '),
  analysisWindowSeconds: String(DEFAULT_ANALYSIS_WINDOW_SECONDS),
  watchWindowSeconds: String(DEFAULT_WATCH_WINDOW_SECONDS),
  force: false,
  forceReason: '',
};

/** What the switch body adds: the rollout's options when progressive, the force and its reason when forced. */
export function toSwitchOptions(values: SwitchFormValues): SwitchOptions {
  return {
    ...(values.mode === 'progressive' && { progressive: toProgressive(values) }),
    ...(values.force && { force: true, forceReason: values.forceReason }),
  };
}
