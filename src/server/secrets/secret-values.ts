import { isDeepStrictEqual } from 'node:util';

/*
 * The one rule for secrets held inside JSON values (docs/security.md, "Secrets in settings"): a string
 * under a name that says secret is a secret. It leaves the server only as a reference `{ secretRef }`
 * naming where it is: in exports and plans, in reviews, in drift findings and in the audit trail with
 * everything that carries it (webhooks, chat, e-mail, the audit stream).
 */

/**
 * Names under which a JSON field holds a secret (matched anywhere in the name, any case): its value never
 * leaves the server. A pattern both JavaScript and PostgreSQL read alike (audit/mask-secrets.ts).
 */
export const SECRET_NAME = 'secret|password|passwd|token|api[-_]?key|private[-_]?key|credential';
const SECRET_KEY = new RegExp(SECRET_NAME, 'i');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const isSecretRef = (value: unknown): value is { secretRef: string } =>
  isRecord(value) && Object.keys(value).length === 1 && typeof value.secretRef === 'string';

/**
 * A secret already masked: a reference, marked `changed` or not, and nothing else. An object that only
 * holds a `secretRef` beside other keys (`{ secretRef, value }`) is no reference and is masked as any.
 */
const isMaskedRef = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.secretRef === 'string' &&
  Object.keys(value).every((key) => key === 'secretRef' || (key === 'changed' && value.changed === true));

const joined = (where: string, key: string) => (where === '' ? key : `${where}.${key}`);

/** Where an earlier value was seen: the value there (undefined when the place is new). */
type Earlier = { value: unknown } | undefined;

const inside = (earlier: Earlier, step: string | number): Earlier => {
  if (earlier === undefined) return undefined;
  const { value } = earlier;
  if (typeof step === 'number') return { value: Array.isArray(value) ? value[step] : undefined };
  return { value: isRecord(value) ? value[step] : undefined };
};

function secretAt(value: unknown, where: string, earlier: Earlier, underSecret: boolean): unknown {
  if (underSecret && typeof value === 'string' && value !== '') {
    const changed = earlier !== undefined && earlier.value !== value;
    return changed ? { secretRef: where, changed: true } : { secretRef: where };
  }
  if (Array.isArray(value)) {
    return value.map((inner, index) =>
      secretAt(inner, `${where}[${index}]`, inside(earlier, index), underSecret),
    );
  }
  // A reference is already masked (the trail is masked again at start): it stays as it is.
  if (!isRecord(value) || isMaskedRef(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      secretAt(inner, joined(where, key), inside(earlier, key), underSecret || SECRET_KEY.test(key)),
    ]),
  );
}

/**
 * The value with each secret replaced by `{ secretRef: <where> }`: a string under a secret's name, or
 * anywhere inside a list or an object under one (`apiKeys: [...]`, `credentials: { ... }`). Given
 * `was`, the same place's earlier value, a secret that differs from the one there is marked
 * `changed: true`, so a diff still shows that it changed without showing either.
 */
export function redacted(value: unknown, where: string, was?: unknown): unknown {
  return secretAt(value, where, was === undefined ? undefined : { value: was }, false);
}

/**
 * The document's value with each `{ secretRef }` replaced by the live secret at the same place, so a
 * plan never changes a secret the document only refers to. A reference to no secret is `missing`.
 */
export function withSecrets(value: unknown, live: unknown, missing: (ref: string) => never): unknown {
  if (isSecretRef(value)) {
    if (typeof live !== 'string') return missing(value.secretRef);
    return live;
  }
  if (Array.isArray(value)) {
    return value.map((inner, index) =>
      withSecrets(inner, Array.isArray(live) ? live[index] : undefined, missing),
    );
  }
  if (!isRecord(value)) return value;
  const liveRecord = isRecord(live) ? live : {};
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, withSecrets(inner, liveRecord[key], missing)]),
  );
}

/** The value of JSON text that holds an object or an array (where secrets live); undefined otherwise. */
function jsonContainer(text: string): object | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keys that pair a value with its earlier self: a change's `to` is compared with its `from`. */
const PAIRS = [
  ['to', 'from'],
  ['after', 'before'],
] as const;

/** Keys that only carry a value (a pair's sides): they are no part of a secret's place. */
const SIDES = new Set(['to', 'from', 'after', 'before']);

function maskedText(text: string, where: string, was: unknown): string {
  const value = jsonContainer(text);
  if (value === undefined) return text;
  const earlier = typeof was === 'string' ? jsonContainer(was) : undefined;
  // JSON text may hold JSON text in turn (a fingerprint holds the row's settings): mask that first.
  const out = redacted(maskedValue(value, where), where, earlier);
  if (isDeepStrictEqual(out, value)) return text;
  // Laid out over lines as it was (configurations are kept indented), or on one line.
  return text.includes('\n') ? JSON.stringify(out, null, 2) : JSON.stringify(out);
}

function maskedValue(value: unknown, where: string, was?: unknown): unknown {
  if (typeof value === 'string') return maskedText(value, where, was);
  if (Array.isArray(value)) return value.map((inner) => maskedValue(inner, where));
  if (!isRecord(value)) return value;
  const earlierOf = (key: string) => PAIRS.find(([later]) => later === key)?.[1];
  // A diff entry's sides are settings, parsed (a review shows a configuration as an object): the names
  // inside them say where secrets are, as inside JSON text. A row's snapshot in the trail keeps its
  // columns' names as they are (its settings are text).
  const isDiffEntry = typeof value.label === 'string';
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const earlier = earlierOf(key);
      const before = earlier === undefined ? undefined : value[earlier];
      if (!SIDES.has(key)) return [key, maskedValue(inner, joined(where, key), before)];
      const side = maskedValue(inner, where, before);
      const parsed = isDiffEntry && typeof side === 'object' && side !== null;
      return [key, parsed ? redacted(side, where, before) : side];
    }),
  );
}

/**
 * A record of what the server did (a change, its diff, an audit event's changes) with the secrets inside
 * its JSON texts as references: the server keeps settings, configurations and modules as JSON text, and
 * that is where secrets sit. A diff entry's sides (`{ label, before, after }`) that are JSON values already
 * parsed are read the same way. Other strings and the record's own keys are left as they are (an id under
 * `tokenId` is no secret). In a pair, a secret that changed is marked so on the later side.
 */
export function masked<T>(value: T): T {
  // Strings change into strings; only a diff entry's sides, which hold any JSON value, change shape.
  return maskedValue(value, '') as T;
}
