// A version's exposed modules as the field shows them and back, apart from the form schema so the
// versions table does not download zod (issue 27).

/** "./App, ./Widget" -> ["./App", "./Widget"]: trimmed, empties dropped. */
export function splitModules(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** A stored JSON list as the comma separated text the field shows (other text as it is). */
export function joinModules(json: string | null): string {
  if (!json) return '';
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map(String).join(', ') : json;
  } catch {
    return json;
  }
}
