import { z } from 'zod';

/*
 * Keyset paging (docs/lists.md): a list's reply names the rows at the edges of its page, and the next or
 * previous page starts from there instead of skipping `offset` rows. The cursor is opaque to clients:
 * base64url of JSON holding the sort it was made for, the direction, and the boundary row's sort value
 * and id. The server checks that the sort matches and that the value fits the sorted column.
 */

export const cursorDirections = ['next', 'previous'] as const;
export type CursorDirection = (typeof cursorDirections)[number];

/** A sort value of one row: text and timestamps travel as strings, integers as numbers, NULL as null. */
export type CursorKey = string | number | null;

export interface ListCursor {
  direction: CursorDirection;
  /** The `sort` of the list the cursor came from (`-createdAt`). */
  sort: string;
  key: CursorKey;
  id: string;
}

const cursorJsonSchema = z.object({
  d: z.enum(cursorDirections),
  s: z.string().min(1).max(100),
  k: z.union([z.string().max(1000), z.number().finite(), z.null()]),
  i: z.string().min(1).max(200),
});

/** Long enough for a 1,000-character sort value, base64url-encoded with its envelope. */
const MAX_CURSOR_LENGTH = 2000;

// Made once: a list answer encodes its cursors on every request.
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8Decoder.decode(bytes);
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Base64url without padding, written out here: every list answer encodes two cursors, and `btoa` over a
 * binary string cost five times this (the contract runs in the browser too, so no Buffer).
 */
function toBase64Url(text: string): string {
  let out = '';
  // The bits read and not yet written (fewer than 6 after each byte), and how many.
  let bits = 0;
  let count = 0;
  for (const byte of utf8Encoder.encode(text)) {
    bits = ((bits << 8) | byte) & 0xffff;
    count += 8;
    while (count >= 6) {
      count -= 6;
      out += BASE64URL.charAt((bits >> count) & 63);
    }
  }
  return count > 0 ? out + BASE64URL.charAt((bits << (6 - count)) & 63) : out;
}

export function encodeCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify({ d: cursor.direction, s: cursor.sort, k: cursor.key, i: cursor.id }));
}

/** The cursor a string holds, or undefined when it is not one this API made (malformed or altered). */
export function decodeCursor(text: string): ListCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  const parsed = cursorJsonSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { d, s, k, i } = parsed.data;
  return { direction: d, sort: s, key: k, id: i };
}

/** `?cursor=`: decoded and checked for shape here; whether it fits the list's sort is the server's check. */
export const cursorQuerySchema = z.string().transform((text, ctx) => {
  const cursor = decodeCursor(text);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'Not a cursor this list gave out' });
    return z.NEVER;
  }
  return cursor;
});

/** `?exactTotal=true` asks for an exact count even where the list would answer an estimate. */
export const exactTotalQuerySchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Response headers of a list beyond X-Total-Count (lower case, as Fastify and fetch read them). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const PREVIOUS_CURSOR_HEADER = 'x-previous-cursor';
/** "true" when X-Total-Count is the planner's estimate rather than a count. */
export const TOTAL_IS_ESTIMATE_HEADER = 'x-total-is-estimate';
