import { randomBytes } from "node:crypto";
import { z } from "zod";

/** The pair deliveries are signed with; kept in the data file so a restart signs the same way. */
export const signingKeysSchema = z.object({ current: z.string().min(1), next: z.string().min(1) });
export type SigningKeys = z.infer<typeof signingKeysSchema>;

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
export function chooseSigningKeys(
  given: { current?: string | undefined; next?: string | undefined },
  kept: SigningKeys | undefined,
): SigningKeys {
  return {
    current: given.current ?? kept?.current ?? newSigningKey(),
    next: given.next ?? kept?.next ?? newSigningKey(),
  };
}

/** Rotation as documented: the next key becomes current and a fresh next key is made. */
export function rotate(keys: SigningKeys): SigningKeys {
  return { current: keys.next, next: newSigningKey() };
}
