/** The server's file name (Content-Disposition), else the fallback. */
function fileName(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Hands `text` to the browser as a file download named `name`. */
export function saveText(text: string, name: string, type: string): void {
  saveBlob(new Blob([text], { type }), name);
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a fetched file (read with the session cookie, since a plain link cannot set Accept); returns its name. */
export async function saveResponse(res: Response, fallback: string): Promise<string> {
  const name = fileName(res, fallback);
  saveBlob(await res.blob(), name);
  return name;
}
