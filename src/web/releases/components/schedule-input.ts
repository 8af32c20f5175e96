import type { Schedule } from '@contract/changes';
import type { ComponentType } from 'react';

/** What the schedule input reports: the schedule chosen (null: when approved) and whether it is complete. */
export type ScheduleChoice = { schedule: Schedule | null; valid: boolean };

/**
 * "Schedule for later", as the request dialogs offer it. The changes feature owns it and imports this
 * one, so the app hands it to the release page (src/web/app/pages/release-route.tsx).
 */
export type ScheduleInput = ComponentType<{
  disabled: boolean;
  /** The server's word on the schedule, under its field. */
  error?: string;
  onChange: (choice: ScheduleChoice) => void;
}>;
