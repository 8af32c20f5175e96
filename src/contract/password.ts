import { z } from 'zod';

/**
 * The password policy, shared by the server and the client: at least 12 characters, and not easy to
 * guess by the zxcvbn estimate (score 3 of 4 or more: common passwords, keyboard rows, repeats, dates
 * and dictionary words alone are refused).
 *
 * The estimator's dictionaries weigh several hundred kilobytes, so this module does not import it:
 * `password-strength.ts` does, and installs itself here when imported. The server imports it
 * statically; the client imports it lazily (see src/web/users/lib/password-strength.ts). Until it is
 * installed, only the length is checked here, and the server's answer still carries the reason.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn's 0-4 scale: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

/** What the estimator says about a password: its score and feedback keys (zxcvbn-ts translation keys). */
export interface PasswordStrength {
  score: number;
  warning: string | null;
  suggestions: string[];
}
export type PasswordStrengthCheck = (password: string) => PasswordStrength;

/** zxcvbn-ts feedback keys in plain words (the library ships them as keys; these are ours). */
const WARNINGS: Record<string, string> = {
  straightRow: 'A row of keys on the keyboard is easy to guess.',
  keyPattern: 'A short keyboard pattern is easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "6543" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the ten most used passwords.',
  topHundred: 'This is one of the hundred most used passwords.',
  common: 'This is a very common password.',
  similarToCommon: 'This is too close to a very common password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: 'It should not contain your own details.',
  pwned: 'This password appeared in a data breach.',
};
const SUGGESTIONS: Record<string, string> = {
  l33t: 'Replacing letters with look-alikes ("@" for "a") does not help much.',
  reverseWords: 'Spelling a common word backwards does not help much.',
  allUppercase: 'Capitalise some letters, not all of them.',
  capitalization: 'Capitalise more than the first letter.',
  dates: 'Avoid dates and years that belong to you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that belong to you.',
  sequences: 'Avoid common character sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Use longer keyboard patterns and change direction more than once.',
  anotherWord: 'Add more words that are less common.',
  useWords: 'Use several words together, and avoid common phrases.',
  noNeed: 'Symbols, digits and capitals are not required: length and uncommon words are what count.',
  pwned: 'If you use this password elsewhere, change it there too.',
};
const TOO_GUESSABLE = 'This password is too easy to guess.';

/** The reason a password's estimate is too weak, in plain words; undefined when it is strong enough. */
export function describeWeakPassword(strength: PasswordStrength): string | undefined {
  if (strength.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = (strength.warning && WARNINGS[strength.warning]) || TOO_GUESSABLE;
  const advice = strength.suggestions.flatMap((key) => SUGGESTIONS[key] ?? []);
  return [warning, ...advice].join(' ');
}

let installedCheck: PasswordStrengthCheck | undefined;

/** Called by password-strength.ts when it loads. */
export function installPasswordStrengthCheck(check: PasswordStrengthCheck): void {
  installedCheck = check;
}

export function isPasswordStrengthCheckInstalled(): boolean {
  return installedCheck !== undefined;
}

/** Why this password is refused beyond its length, or undefined (also while the checker is not loaded). */
export function weakPasswordReason(password: string): string | undefined {
  return installedCheck ? describeWeakPassword(installedCheck(password)) : undefined;
}

/** Every password a person sets: creating a user, setting or resetting one, the first administrator. */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .superRefine((password, ctx) => {
    // Zod runs refinements after a failed length check too; one reason at a time reads better.
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
    const reason = weakPasswordReason(password);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });
