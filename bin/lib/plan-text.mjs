// @ts-check
/*
 * A plan as text (docs/config-as-code-cli.md), grouped as the console's release review groups a set:
 * per resource (its type and the document's key for it), each change's title and, per field, what it is
 * now and what it becomes. An object shows its changed keys one by one; a list or a text over several
 * lines (a policy's Rego) shows as a line diff.
 */

/**
 * @typedef {{ label: string, before: unknown, after: unknown }} DiffEntry
 * @typedef {{ change: { kind: string }, title: string, resource: { type: string, key: string }, diff: DiffEntry[] }} PlannedChange
 * @typedef {{ scope: { tenantId: string | null }, changes: PlannedChange[], prune: PlannedChange[] }} Plan
 */

/** Unchanged lines shown around a changed one; longer runs fold to one line. */
const CONTEXT = 2;

/** @param {unknown} value */
const text = (value) => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
};

/** @param {unknown} value */
const inline = (value) => (value === null || value === undefined ? '(none)' : JSON.stringify(value));

/** @param {unknown} value */
const multiLine = (value) =>
  typeof value === 'string' ? value.includes('\n') : value !== null && typeof value === 'object';

/**
 * Two texts' lines aligned by their longest common subsequence: each line kept (" "), removed ("-") or
 * added ("+"). Values past a few thousand lines each are shown as all removed, then all added.
 * @param {string[]} a
 * @param {string[]} b
 * @returns {[' ' | '-' | '+', string][]}
 */
function alignLines(a, b) {
  if (a.length * b.length > 4_000_000) {
    return [
      ...a.map((line) => /** @type {['-', string]} */ (['-', line])),
      ...b.map((line) => /** @type {['+', string]} */ (['+', line])),
    ];
  }
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  const at = (/** @type {number} */ i, /** @type {number} */ j) => common[i]?.[j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i] ?? new Uint32Array(0);
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  /** @type {[' ' | '-' | '+', string][]} */
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push([' ', a[i++] ?? '']);
      j++;
    } else if (j >= b.length || (i < a.length && at(i + 1, j) >= at(i, j + 1))) out.push(['-', a[i++] ?? '']);
    else out.push(['+', b[j++] ?? '']);
  }
  return out;
}

/**
 * The lines of a line diff, `-` before and `+` after, with a little context and long unchanged runs folded.
 * @param {string} before
 * @param {string} after
 * @returns {string[]}
 */
function lineDiff(before, after) {
  // A final newline ends the last line rather than starting an empty one; no value is no lines.
  const split = (/** @type {string} */ text) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  const lines = alignLines(split(before), split(after));
  /** @type {string[]} */
  const out = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    const mark = lines[start]?.[0];
    while (end < lines.length && (lines[end]?.[0] === ' ') === (mark === ' ')) end++;
    const run = lines.slice(start, end).map(([sign, line]) => `${sign} ${line}`);
    if (mark !== ' ') out.push(...run);
    else {
      const head = start === 0 ? [] : run.slice(0, CONTEXT);
      const tail = end === lines.length ? [] : run.slice(-CONTEXT);
      // Folding one line would hide nothing: a run is folded from two hidden lines on.
      if (head.length + tail.length + 1 >= run.length) out.push(...run);
      else out.push(...head, `  … ${run.length - head.length - tail.length} unchanged lines`, ...tail);
    }
    start = end;
  }
  return out;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One field's change: `Label: before → after` when both fit on a line; a record's changed keys one by
 * one, the unchanged ones left out; else the label and a line diff.
 * @param {DiffEntry} entry
 * @returns {string[]}
 */
export function fieldLines(entry) {
  const { before, after } = entry;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length === 0) return [`${entry.label}: no difference`];
    const inner = changed.flatMap((key) =>
      fieldLines({ label: key, before: before[key], after: after[key] }),
    );
    return [`${entry.label}:`, ...inner.map((line) => `  ${line}`)];
  }
  if (!multiLine(before) && !multiLine(after)) {
    return [`${entry.label}: ${inline(entry.before)} → ${inline(entry.after)}`];
  }
  return [`${entry.label}:`, ...lineDiff(text(entry.before), text(entry.after)).map((line) => `  ${line}`)];
}

/**
 * The changes grouped by resource, in the plan's (apply) order of each resource's first change.
 * @param {PlannedChange[]} changes
 * @returns {string[]}
 */
function grouped(changes) {
  /** @type {Map<string, PlannedChange[]>} */
  const byResource = new Map();
  for (const change of changes) {
    const name = `${change.resource.type} ${change.resource.key}`;
    byResource.set(name, [...(byResource.get(name) ?? []), change]);
  }
  /** @type {string[]} */
  const out = [];
  for (const [name, list] of byResource) {
    out.push('', name);
    for (const change of list) {
      out.push(`  ${change.title} (${change.change.kind})`);
      if (change.diff.length === 0) out.push('    (no field diff)');
      for (const entry of change.diff) out.push(...fieldLines(entry).map((line) => `    ${line}`));
    }
  }
  return out;
}

/** @param {number} count @param {string} one */
const counted = (count, one) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * The plan's grouped diff, and below it what pruning would delete: counted in the exit code only when
 * `prune` is asked for, listed either way so nobody is surprised. Empty when the plan is.
 * @param {Plan} plan
 * @param {boolean} prune
 * @returns {string}
 */
export function planDiff(plan, prune) {
  const lines = grouped(plan.changes);
  if (plan.prune.length > 0) {
    lines.push(
      '',
      prune ? 'Deleted (not in the file, --prune):' : 'Not in the file (deleted only with --prune):',
    );
    // Right under its heading, the first deletion needs no blank line.
    lines.push(
      ...grouped(plan.prune)
        .slice(1)
        .map((line) => (line === '' ? line : `  ${line}`)),
    );
  }
  // Each group starts with a blank line, the first one too: the diff itself does not.
  return lines.length === 0 ? '' : `${lines.slice(1).join('\n')}\n`;
}

/**
 * The plan's count, then its grouped diff.
 * @param {Plan} plan
 * @param {boolean} prune
 * @returns {string}
 */
export function planText(plan, prune) {
  const count = `${counted(plan.changes.length, 'change')}${prune ? `, ${counted(plan.prune.length, 'deletion')}` : ''}`;
  const diff = planDiff(plan, prune);
  return diff === '' ? `${count}\n` : `${count}\n\n${diff}`;
}

/**
 * How many changes applying the plan with these flags would make: the exit code's question.
 * @param {Plan} plan
 * @param {boolean} prune
 */
export const pendingCount = (plan, prune) => plan.changes.length + (prune ? plan.prune.length : 0);
