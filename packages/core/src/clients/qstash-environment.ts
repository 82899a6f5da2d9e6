import {
  normalizeRegion,
  QSTASH_REGION_NAMES,
  type QStashRegion,
  regionUrl,
} from "../schemas/qstash-regions.ts";
import type { Environment } from "../transport/dispatcher.ts";

/** A setting's value and where it came from: a variable's name, a flag, or the SDKs' default. */
export interface QStashSetting {
  value: string;
  from: string;
}

/** One set of QStash settings an app built with the official SDKs would use. */
export interface QStashEnvironment {
  /** The region whose `<REGION>_QSTASH_*` variables these are (multi-region mode); undefined for the plain ones. */
  region: QStashRegion | undefined;
  /** What the SDKs publish with: `QSTASH_REGION`'s region, or the only set. */
  primary: boolean;
  url: QStashSetting;
  token: QStashSetting | undefined;
  currentSigningKey: QStashSetting | undefined;
  nextSigningKey: QStashSetting | undefined;
}

export interface QStashEnvironments {
  /** Multi-region mode when `QSTASH_REGION` names a region, as in the SDKs. */
  mode: "single-region" | "multi-region";
  environments: QStashEnvironment[];
  /** What the SDKs would do that the user may not expect (a fallback, a variable they ignore). */
  notes: string[];
}

const VARIABLES = [
  "QSTASH_URL",
  "QSTASH_TOKEN",
  "QSTASH_CURRENT_SIGNING_KEY",
  "QSTASH_NEXT_SIGNING_KEY",
] as const;

/**
 * The QStash settings the official SDKs (`@upstash/qstash` 2.9+, `@upstash/workflow` 1.1+) read
 * from `env`: `QSTASH_URL`, `QSTASH_TOKEN` and the signing keys; with `QSTASH_REGION` set, the
 * `<REGION>_` forms of each region, the plain ones standing in for what the primary lacks. Values
 * given (`--token`, `--messaging-url`) replace the primary's.
 */
export function qstashEnvironments(
  env: Environment,
  given: { token?: string | undefined; url?: string | undefined } = {},
): QStashEnvironments {
  const notes: string[] = [];
  const regionText = present(env, "QSTASH_REGION");
  const primaryRegion = normalizeRegion(regionText);
  if (regionText !== undefined && primaryRegion === undefined) {
    notes.push(
      `QSTASH_REGION is "${regionText.slice(0, 40)}", not a region (${QSTASH_REGION_NAMES.join(", ")}): the SDKs ignore it and read the plain QSTASH_* variables`,
    );
  }
  if (primaryRegion === undefined) {
    for (const region of QSTASH_REGION_NAMES) {
      if (VARIABLES.some((name) => present(env, `${region}_${name}`) !== undefined)) {
        notes.push(`${region}_QSTASH_* variables are set but QSTASH_REGION is not: the SDKs ignore them`);
      }
    }
    return { mode: "single-region", environments: [withGiven(plain(env), given)], notes };
  }
  const others = QSTASH_REGION_NAMES.filter((region) => region !== primaryRegion);
  const environments = [withGiven(regional(env, primaryRegion, true, notes), given)];
  for (const region of others) {
    if (VARIABLES.some((name) => present(env, `${region}_${name}`) !== undefined)) {
      environments.push(regional(env, region, false, notes));
    }
  }
  return { mode: "multi-region", environments, notes };
}

function plain(env: Environment): QStashEnvironment {
  return {
    region: undefined,
    primary: true,
    url: setting(env, "QSTASH_URL") ?? { value: regionUrl("EU_CENTRAL_1"), from: "the SDKs' default" },
    token: setting(env, "QSTASH_TOKEN"),
    currentSigningKey: setting(env, "QSTASH_CURRENT_SIGNING_KEY"),
    nextSigningKey: setting(env, "QSTASH_NEXT_SIGNING_KEY"),
  };
}

/** A region's variables; as the SDKs do, the client's pair and the keys' pair each fall back whole. */
function regional(
  env: Environment,
  region: QStashRegion,
  primary: boolean,
  notes: string[],
): QStashEnvironment {
  const fallback = plain(env);
  const url = setting(env, `${region}_QSTASH_URL`);
  const token = setting(env, `${region}_QSTASH_TOKEN`);
  const client = url !== undefined && token !== undefined ? { url, token } : undefined;
  if (client === undefined && primary) {
    notes.push(
      `QSTASH_REGION is ${region} but ${region}_QSTASH_URL and ${region}_QSTASH_TOKEN are not both set: the SDKs publish with QSTASH_URL and QSTASH_TOKEN instead`,
    );
  }
  const current = setting(env, `${region}_QSTASH_CURRENT_SIGNING_KEY`);
  const next = setting(env, `${region}_QSTASH_NEXT_SIGNING_KEY`);
  const keys = current !== undefined && next !== undefined ? { current, next } : undefined;
  return {
    region,
    primary,
    url:
      client?.url ??
      (primary ? fallback.url : (url ?? { value: regionUrl(region), from: "the region's URL" })),
    token: client?.token ?? (primary ? fallback.token : token),
    currentSigningKey: keys?.current ?? fallback.currentSigningKey,
    nextSigningKey: keys?.next ?? fallback.nextSigningKey,
  };
}

function withGiven(
  environment: QStashEnvironment,
  given: { token?: string | undefined; url?: string | undefined },
): QStashEnvironment {
  return {
    ...environment,
    ...(given.url ? { url: { value: given.url, from: "--messaging-url" } } : {}),
    ...(given.token ? { token: { value: given.token, from: "--token" } } : {}),
  };
}

function setting(env: Environment, name: string): QStashSetting | undefined {
  const value = present(env, name);
  return value === undefined ? undefined : { value, from: name };
}

function present(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}
