import { changeSchema, type Change } from '../../../contract/changes';
import { irreversible, type Undo } from './types';

/**
 * The changes that undo one, checked against the contract now, before it applies: an inverse is filed
 * and applied like any change, so a previous state the schema cannot express makes the change
 * irreversible rather than a revert that fails later.
 */
export function undoBy(changes: unknown[]): Undo<unknown> {
  const inverse: Change[] = [];
  for (const change of changes) {
    const parsed = changeSchema.safeParse(change);
    if (!parsed.success) return irreversible('Its previous state cannot be written back as a change');
    inverse.push(parsed.data);
  }
  return { inverse: () => inverse };
}

/** An inverse known only once the change applied (a create's new id), checked then. */
export const inverseChanges = (changes: unknown[]): Change[] =>
  changes.map((change) => changeSchema.parse(change));
