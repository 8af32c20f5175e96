/**
 * How single sign-on compares e-mail addresses (docs/sso.md, "Look-alike addresses"): only the letters
 * A-Z are case-folded, every other character must match exactly. `toLowerCase` alone folds the KELVIN
 * SIGN into "k", and NFKC folds full-width letters into ASCII ones: either would let an address that only
 * looks like another one sign in as its account.
 */

/** Lower-cases A-Z and nothing else. */
export const asciiLowerCase = (value: string) => value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * Whether an address reads the same whatever way it is folded: its NFKC form, lower-cased, is its
 * ASCII-lower-cased form. False for compatibility characters (KELVIN SIGN, full-width letters), for
 * non-ASCII capitals (which `lower()` may fold one way and `toLowerCase` another) and for decomposed
 * accents: such an address is never matched with an account nor given one.
 */
export const isPlainEmail = (value: string) =>
  value.normalize('NFKC').toLowerCase() === asciiLowerCase(value);
