/** JSON text pretty-printed with two spaces; text that does not parse is shown as it is. */
export function prettyJson(text: string | null | undefined): string {
  if (text === null || text === undefined || text.trim() === '') return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
