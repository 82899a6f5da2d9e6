import { randomBytes } from "node:crypto";
import type { SigningKeys } from "../messaging/records.ts";

export type { SigningKeys } from "../messaging/records.ts";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A key shaped like the service's (`sig_` and 28 base58 characters). */
export function newSigningKey(): string {
  const bytes = randomBytes(28);
  let key = "sig_";
  // 256 % 58 leaves a small bias; these keys only need to be unguessable, not uniform.
  for (const byte of bytes) key += ALPHABET[byte % ALPHABET.length];
  return key;
}

/**
 * The keys to sign with: those given win, then those kept in the data file, then new ones.
 * Giving only one of the pair keeps (or makes) the other.
 */
export function chooseSigningKeys(given: Partial<SigningKeys>, kept: SigningKeys | undefined): SigningKeys {
  return {
    current: given.current ?? kept?.current ?? newSigningKey(),
    next: given.next ?? kept?.next ?? newSigningKey(),
  };
}

/** Rotation as documented: the next key becomes current and a fresh next key is made. */
export function rotate(keys: SigningKeys): SigningKeys {
  return { current: keys.next, next: newSigningKey() };
}
