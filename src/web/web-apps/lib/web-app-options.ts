import { environments, technologies, webAppRegions, webAppStatuses } from '@contract/vocabulary';
import { environmentLabel, technologyLabel } from '@/lib/format';

// The choices of the web app filters and forms, apart from the form schemas so the list's toolbar
// does not download zod (issue 27).
export const technologyOptions = technologies.map((value) => ({ value, label: technologyLabel(value) }));
export const environmentOptions = environments.map((value) => ({ value, label: environmentLabel(value) }));
export const regionOptions = webAppRegions.map((value) => ({ value, label: value }));
export const statusOptions = webAppStatuses.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
