import { Wrench } from 'lucide-react';
import { useSettings } from '@/settings/api/get-settings';

/**
 * Shown at the top of every screen while maintenance mode is on. Rendered by the app shell; it reads
 * the same settings query the Settings page writes, so it follows a switch at once.
 */
export function MaintenanceBanner() {
  const settings = useSettings();
  if (!settings.data?.maintenanceMode) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="mb-4 flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
    >
      <Wrench className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <p>
        <span className="font-medium">Maintenance mode is on.</span> Changes by non-administrators are paused
        until an administrator turns it off.
      </p>
    </div>
  );
}
