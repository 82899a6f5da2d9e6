import { randomBytes } from "node:crypto";
import {
  DEFAULT_MESSAGING_READ_ONLY_TOKEN,
  DEFAULT_MESSAGING_TOKEN,
  type EmulatorOptions,
} from "../../options/emulator-options.ts";
import { InvalidSettingError } from "../../options/invalid-setting.ts";
import { type RegionName, regionSlug, TOP_LEVEL_REGION } from "../../regions/region-names.ts";
import type { SigningKeys } from "../../signing/keys.ts";

/**
 * What a region is known by, in one place: the tokens it accepts and the keys it signs its
 * deliveries with. `Keys` is what was given at start (`GivenCredentials`: each key optional, the
 * rest kept in the region's state or made) or the pair in use (live: rotation changes it in
 * place). Anything else a region is known by (a dev server's fixed values) is one more field here.
 */
export interface RegionCredentials<Keys = SigningKeys> {
  /** Bearer tokens it accepts; the first is the one handed out (the banner's, `emulator.messagingToken`). */
  tokens: readonly string[];
  /** Bearer tokens that read only (a write answers 403); the first is `QSTASH_READ_ONLY_TOKEN`. */
  readOnlyTokens: readonly string[];
  signingKeys: Keys;
}

export type GivenCredentials = RegionCredentials<{ current?: string | undefined; next?: string | undefined }>;

/** One region the emulator runs: its name, where it is served, what it accepts, where its state is. */
export interface RegionPlan {
  /** Undefined for the one region of an emulator started without `regions` (no region header). */
  name: RegionName | undefined;
  /** The path its API is served under (`/us-east-1`); the default region is served at the root too. */
  prefix: string;
  /** The region the root URL, `QSTASH_URL` and `QSTASH_REGION` are for: the first listed. */
  isDefault: boolean;
  credentials: GivenCredentials;
  /** Whose token it is, as the other region's refusal names it ("user (…) not found in this region"). */
  userId: string;
  /** Its state is kept apart (the `regions` key) instead of at the top level. */
  apart: boolean;
}

/** Each region's account id: the service names it when the other region refuses its token. */
const USER_IDS: Record<RegionName, string> = {
  EU_CENTRAL_1: "5f0c2b7e-8d41-4c3a-9e6f-1a2b3c4d5e01",
  US_EAST_1: "5f0c2b7e-8d41-4c3a-9e6f-1a2b3c4d5e02",
};

/**
 * The regions to run, from the options: without `regions`, one unnamed region served at the root
 * with the given tokens and keys (as before regions existed). With `regions`, each one named,
 * served under its own path; the first is the default, served at the root too, and takes the
 * given tokens and keys. Another region's tokens (read-only ones too) are the default's followed
 * by `-<region>` (`stashkit-emulator-qstash-token-us-east-1`), so they are as secret as the given
 * ones; its keys are kept in its state, else made.
 */
export function planRegions(options: EmulatorOptions): RegionPlan[] {
  const tokens = options.messagingTokens ?? [DEFAULT_MESSAGING_TOKEN];
  const readOnlyTokens = options.messagingReadOnlyTokens ?? [defaultReadOnlyToken(options)];
  const signingKeys = options.signingKeys ?? {};
  if (tokens.length === 0 || readOnlyTokens.length === 0) {
    throw new Error("the emulator needs at least one messaging token and one read-only token");
  }
  // One token in both lists would make a writer read-only (or a reader a writer) by accident.
  if (readOnlyTokens.some((token) => tokens.includes(token))) {
    throw new InvalidSettingError("a read-only token must differ from every messaging token (--token)");
  }
  const names = options.regions;
  if (names === undefined) {
    const only = { name: undefined, prefix: "", isDefault: true, apart: false };
    const credentials = { tokens, readOnlyTokens, signingKeys };
    return [{ ...only, credentials, userId: USER_IDS[TOP_LEVEL_REGION] }];
  }
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new InvalidSettingError(`regions lists ${repeated} twice`);
  if (names.length === 0) throw new InvalidSettingError("regions must name at least one region");
  return names.map((name, index) => {
    const isDefault = index === 0;
    const slug = regionSlug(name);
    const own = (list: readonly string[]) => list.map((token) => `${token}-${slug}`);
    const credentials: GivenCredentials = isDefault
      ? { tokens, readOnlyTokens, signingKeys }
      : { tokens: own(tokens), readOnlyTokens: own(readOnlyTokens), signingKeys: {} };
    return {
      ...{ name, prefix: `/${slug}`, isDefault, credentials },
      ...{ userId: USER_IDS[name], apart: name !== TOP_LEVEL_REGION },
    };
  });
}

/**
 * The public default beside the public default token; beside a token of one's own, one that is
 * not public either (new at each start, printed in the banner), so that giving `--token` still
 * leaves no public credential that reads the messages.
 */
function defaultReadOnlyToken(options: EmulatorOptions): string {
  if (options.messagingTokens === undefined) return DEFAULT_MESSAGING_READ_ONLY_TOKEN;
  return `readonly_${randomBytes(18).toString("base64url")}`;
}

/** The regions whose state is kept apart from the top level, in the order given. */
export function regionsApart(plans: readonly RegionPlan[]): RegionName[] {
  return plans.flatMap((plan) => (plan.apart && plan.name !== undefined ? [plan.name] : []));
}
