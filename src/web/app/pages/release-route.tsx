import { ScheduleOption } from '@/changes';
import { ReleasePage } from '@/releases';

/**
 * /releases/draft, composed here: the changes feature's request dialogs add to the release, so the
 * release page cannot import the changes feature back for its schedule field; the app hands it over.
 */
export function ReleaseRoute() {
  return <ReleasePage scheduleInput={ScheduleOption} />;
}
