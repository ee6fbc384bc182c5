import { hash, verify } from '@node-rs/argon2';

// The package's default algorithm is argon2id (its `Algorithm` is a const enum, which
// isolatedModules cannot import), with OWASP's minimum memory/time costs: 19 MiB, 2 passes.

/** An argon2id PHC string for the password; the salt is random per call. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

/** Whether the password matches; a malformed stored hash counts as a mismatch, not an error. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
