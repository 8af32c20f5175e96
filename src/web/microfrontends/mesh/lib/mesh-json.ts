// A mesh's JSON-text fields read for display, apart from the form schemas so the meshes list does not
// download zod (issue 27).

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The override, only when it parses to a JSON object; anything else is silently ignored (docs/product.md,
 * Validation).
 */
export function parseConfigOverride(text: string): Record<string, unknown> | null {
  if (!text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A JSON-text object (a version's defaultConfig), or {} when missing or not an object. */
export const parseJsonObject = (text: string | null): Record<string, unknown> =>
  parseConfigOverride(text ?? '') ?? {};

/** A JSON-text list of strings (a version's exposedModules), or [] when missing or malformed. */
export function parseStringList(text: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

/** How many items a mesh's menuItems JSON text holds (0 when malformed). */
export function countMenuItems(menuItems: string): number {
  try {
    const parsed: unknown = JSON.parse(menuItems);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/** Configuration shown pretty-printed. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2);
