import { AUDIT_RETENTION_MAX_DAYS } from '@contract/audit-retention-paths';

/** The retention select's choices: forever, three presets, or a number of days typed in. */
export const RETENTION_CHOICES = [
  { value: 'forever', label: 'Keep forever' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'custom', label: 'Custom' },
] as const;

export type RetentionChoice = (typeof RETENTION_CHOICES)[number]['value'];

const isChoice = (value: string): value is RetentionChoice =>
  RETENTION_CHOICES.some((choice) => choice.value === value);

/** The choice that shows a saved retention: a preset when it is one, else Custom. */
export function choiceOf(days: number | null): RetentionChoice {
  if (days === null) return 'forever';
  const preset = String(days);
  return isChoice(preset) ? preset : 'custom';
}

/** The choice a select value names (anything unknown: Custom, which asks for the number). */
export const toChoice = (value: string): RetentionChoice => (isChoice(value) ? value : 'custom');

/** The days to save for a choice (and the custom field's text), or what is wrong with the custom number. */
export function daysOf(choice: RetentionChoice, custom: string): { days: number | null } | { error: string } {
  if (choice === 'forever') return { days: null };
  if (choice !== 'custom') return { days: Number(choice) };
  const days = Number(custom.trim());
  if (custom.trim() === '' || !Number.isInteger(days) || days < 1 || days > AUDIT_RETENTION_MAX_DAYS) {
    return { error: `Enter a whole number of days from 1 to ${AUDIT_RETENTION_MAX_DAYS}` };
  }
  return { days };
}

/** What a saved retention means, for the toast and the dialog's description. */
export const retentionSummary = (days: number | null): string =>
  days === null
    ? 'Audit events are kept forever.'
    : `Events older than ${days} days are exported, then purged (hourly).`;
