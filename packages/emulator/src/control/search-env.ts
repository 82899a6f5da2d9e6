import { DEFAULT_SEARCH_REGION, type IndexStore } from "../management/store.ts";
import type { Account } from "../options/emulator-options.ts";
import { InvalidSettingError } from "../options/invalid-setting.ts";

/** What `Search.fromEnv()` of `@upstash/search` (and `upstash-search` for Python) reads. */
export interface SearchEnv {
  UPSTASH_SEARCH_REST_URL: string;
  UPSTASH_SEARCH_REST_TOKEN: string;
}

/**
 * The REST URL and token of the index named, for the emulator at `url`: the first account's
 * index of that name, else another account's. An unknown name throws, listing the names there are.
 */
export function searchEnvOf(
  indexes: IndexStore,
  accounts: readonly Account[],
  url: string,
  name: string,
): SearchEnv {
  const named = indexes.list().filter(({ index }) => index.name === name);
  const found = named.find(({ owner }) => owner === accounts[0]?.email) ?? named[0];
  if (found === undefined) {
    const names = [...new Set(indexes.list().map(({ index }) => `"${index.name}"`))];
    const known = names.length === 0 ? "there are none" : `there are ${names.join(", ")}`;
    throw new Error(`no search index "${name}" (make it with --search-index or searchIndexes); ${known}`);
  }
  return {
    UPSTASH_SEARCH_REST_URL: `${url}/search/${found.index.endpoint}`,
    UPSTASH_SEARCH_REST_TOKEN: found.index.token,
  };
}

interface IndexAnswer {
  name: string;
}

/**
 * Makes each index named that the first account does not have yet, through the management API
 * (its checks and defaults, as a client's create would). A refusal names the index.
 */
export async function ensureSearchIndexes(
  names: readonly string[],
  target: { url: string; account: Account },
): Promise<void> {
  const { email, apiKey } = target.account;
  const headers = {
    authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`,
    "content-type": "application/json",
  };
  const call = async (name: string, init: RequestInit): Promise<unknown> => {
    const response = await fetch(`${target.url}/v2/search`, { ...init, headers });
    const text = await response.text();
    if (!response.ok) {
      throw new InvalidSettingError(
        `--search-index "${name}" (searchIndexes): the emulator's management API refused it (${response.status}): ${text.slice(0, 300)}`,
      );
    }
    return JSON.parse(text);
  };
  for (const name of new Set(names)) {
    const existing = (await call(name, {})) as IndexAnswer[];
    if (existing.some((index) => index.name === name)) continue;
    await call(name, {
      method: "POST",
      body: JSON.stringify({ name, region: DEFAULT_SEARCH_REGION, type: "free" }),
    });
  }
}
