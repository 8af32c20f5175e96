import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's `Algorithm.Argon2id`, a const enum that isolatedModules cannot read) with its
// OWASP-level defaults: 19 MiB, 2 passes.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** A real hash to verify against when the account does not exist, so timing does not reveal which. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
