import { ok } from "../../http/reply.ts";
import { rotate, type SigningKeys } from "../../signing/keys.ts";
import type { SigningKeyStore } from "../records/signing-key-store.ts";

/** `GET /v2/keys` and `POST /v2/keys/rotate`. */
export function keyHandlers(store: SigningKeyStore, keys: SigningKeys) {
  return {
    get: () => ok({ current: keys.current, next: keys.next }),
    rotate() {
      // In place: the delivery side and `RunningEmulator.signingKeys` hold this object.
      Object.assign(keys, rotate(keys));
      store.put(keys);
      return ok({ current: keys.current, next: keys.next });
    },
  };
}
