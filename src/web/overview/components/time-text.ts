import { formatLocaleDate, formatLocaleDateTime } from '@/lib/format';

/** How long ago, in the largest whole unit ("5 min", "3 h", "2 d"); "now" under a minute. */
export function ageText(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** Time left until a moment, as m:ss (h:mm:ss past an hour); 0:00 once due. */
export function countdownText(iso: string, now: number): string {
  const total = Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A moment as the viewer's local time of day, with the weekday when it is not today. */
export function whenText(iso: string, now: number): string {
  const date = new Date(iso);
  const sameDay = formatLocaleDate(date) === formatLocaleDate(new Date(now));
  return formatLocaleDateTime(date, {
    weekday: sameDay ? undefined : 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
