import { type SigningKeys, signingKeysSchema } from "../../signing/keys.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import type { Table } from "../../storage/table.ts";

/** The signing keys, kept so that a restart on the same data file signs the same way. */
export interface SigningKeyStore {
  get(): SigningKeys | undefined;
  put(keys: SigningKeys): void;
  clear(): void;
}

const KEY = "signingKeys";

export function signingKeyStore(engine: StorageEngine): SigningKeyStore {
  const table: Table<SigningKeys> = engine.table("messaging_signing_keys", signingKeysSchema);
  return {
    get: () => table.get(KEY),
    put: (keys) => table.put(KEY, { current: keys.current, next: keys.next }),
    clear: () => table.clear(),
  };
}
