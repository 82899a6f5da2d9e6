import { ok } from "../http/reply.ts";
import type { ApiRoute } from "../routes.ts";
import { rotate, type SigningKeys } from "../signing/keys.ts";
import type { Store } from "../state/store.ts";

/** `GET /v2/keys` and `POST /v2/keys/rotate`. */
export function keyRoutes(store: Store, keys: SigningKeys) {
  const get: ApiRoute = { api: "messaging", handle: () => ok({ current: keys.current, next: keys.next }) };
  const rotateKeys: ApiRoute = {
    api: "messaging",
    handle() {
      // In place: the delivery side and `RunningEmulator.signingKeys` hold this object.
      Object.assign(keys, rotate(keys));
      store.state.signingKeys = { ...keys };
      store.commit();
      return ok({ current: keys.current, next: keys.next });
    },
  };
  return { get, rotate: rotateKeys };
}
