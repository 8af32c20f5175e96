import { useCapabilityOptions } from '@/capabilities';

/** Names of the capabilities a page of rows shows, in one options request; the id until it answers. */
export function useCapabilityNames(ids: readonly string[]): (id: string) => string {
  const unique = [...new Set(ids)].sort();
  const options = useCapabilityOptions({ ids: unique }, { enabled: unique.length > 0 });
  const names = new Map((options.data?.rows ?? []).map((option) => [option.id, option.label]));
  return (id) => names.get(id) ?? id;
}
