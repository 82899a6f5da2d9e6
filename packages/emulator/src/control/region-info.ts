import type { RegionView } from "../messaging/profile.ts";
import type { RegionName } from "../regions/region-names.ts";
import type { SigningKeys } from "../signing/keys.ts";

/** One QStash region as tests and the control API see it. */
export interface RegionInfo {
  /** Undefined for the one region of a single-region emulator. */
  name: RegionName | undefined;
  /** Its path under the emulator's URL (`/us-east-1`); `""` for a single-region emulator's. */
  path: string;
  /** The region the root URL and `QSTASH_REGION` are for. */
  isDefault: boolean;
  /** The token handed out for it. */
  token: string;
  /** Its read-only token handed out: reads, and a write answers 403. */
  readOnlyToken: string;
  /** The keys its deliveries are signed with (live: its `POST /v2/keys/rotate` changes them). */
  signingKeys: SigningKeys;
}

export function regionInfo(view: RegionView): RegionInfo {
  const { name, prefix, isDefault, credentials } = view;
  return {
    name,
    path: prefix,
    isDefault,
    token: credentials.tokens[0] ?? "",
    readOnlyToken: credentials.readOnlyTokens[0] ?? "",
    signingKeys: credentials.signingKeys,
  };
}

/**
 * What the official SDK reads to reach the emulator at `url`: `QSTASH_URL`, `QSTASH_TOKEN` and
 * the signing keys of the default region; with several regions also `QSTASH_REGION` (the
 * default) and each region's `<REGION>_QSTASH_URL`, `_TOKEN`, `_CURRENT_SIGNING_KEY` and
 * `_NEXT_SIGNING_KEY` (its multi-region mode).
 */
export function qstashEnvironment(url: string, regions: readonly RegionInfo[]): Record<string, string> {
  const first = regions.find((region) => region.isDefault);
  if (first === undefined) return {};
  const env: Record<string, string> = {
    QSTASH_URL: url,
    QSTASH_TOKEN: first.token,
    QSTASH_CURRENT_SIGNING_KEY: first.signingKeys.current,
    QSTASH_NEXT_SIGNING_KEY: first.signingKeys.next,
  };
  if (first.name === undefined) return env;
  env["QSTASH_REGION"] = first.name;
  for (const region of regions) {
    if (region.name === undefined) continue;
    env[`${region.name}_QSTASH_URL`] = `${url}${region.path}`;
    env[`${region.name}_QSTASH_TOKEN`] = region.token;
    env[`${region.name}_QSTASH_CURRENT_SIGNING_KEY`] = region.signingKeys.current;
    env[`${region.name}_QSTASH_NEXT_SIGNING_KEY`] = region.signingKeys.next;
  }
  return env;
}
