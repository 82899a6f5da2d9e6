import { ConfigurationError } from "../errors/index.ts";
import { QSTASH_REGION_NAMES, type QStashRegion } from "../schemas/qstash-regions.ts";
import { parseBaseUrl } from "../transport/base-url.ts";
import type { Environment } from "../transport/dispatcher.ts";

export type { QStashRegion };

/** What the SDK's multi-region mode reads: `QSTASH_REGION`, then each region's variables. */
export const REGION_ENV = "QSTASH_REGION";
export const regionVariable = (region: QStashRegion, name: "QSTASH_URL" | "QSTASH_TOKEN") =>
  `${region}_${name}`;

/** One region to act on: where, with which token, and the variables they came from (for errors). */
export interface RegionSetting {
  /** Undefined for the one QStash of `QSTASH_URL` and `QSTASH_TOKEN` (no `QSTASH_REGION`). */
  region: QStashRegion | undefined;
  baseUrl: string;
  token: string;
  /** `US_EAST_1_QSTASH_TOKEN`: where the token came from, as an error about it names it. */
  tokenVariable: string;
  urlVariable: string;
}

export function isQStashRegion(value: string): value is QStashRegion {
  return (QSTASH_REGION_NAMES as readonly string[]).includes(value);
}

/** `--region` / the `region` input: one of the regions, or "" for all. */
export function validateQStashRegion(value: string, input: string): QStashRegion {
  if (isQStashRegion(value)) return value;
  throw new ConfigurationError(
    input,
    `${input} must be ${QSTASH_REGION_NAMES.join(" or ")}, got ${JSON.stringify(value)}`,
  );
}

/**
 * The regions the environment configures, read as the official SDK's multi-region mode reads
 * them: with `QSTASH_REGION` set, every region whose `<REGION>_QSTASH_URL` and
 * `<REGION>_QSTASH_TOKEN` are set, `QSTASH_REGION`'s first. Undefined without `QSTASH_REGION`
 * (one QStash: `QSTASH_URL` and `QSTASH_TOKEN`). A bad `QSTASH_REGION`, a region given half (a
 * URL without its token), or `QSTASH_REGION` naming a region that is not configured throws,
 * naming the variable, before anything is sent. `only` keeps one region.
 */
export function regionsFromEnv(env: Environment, only?: QStashRegion): RegionSetting[] | undefined {
  const primary = env[REGION_ENV]?.trim() ?? "";
  if (primary === "") return undefined;
  if (!isQStashRegion(primary)) {
    throw new ConfigurationError(
      REGION_ENV,
      `${REGION_ENV} must be ${QSTASH_REGION_NAMES.join(" or ")} (the official SDK's names), got ${JSON.stringify(primary)}`,
    );
  }
  const ordered = [primary, ...QSTASH_REGION_NAMES.filter((region) => region !== primary)];
  const settings = ordered.flatMap((region) => regionSetting(env, region));
  if (!settings.some((setting) => setting.region === primary)) {
    throw new ConfigurationError(
      regionVariable(primary, "QSTASH_TOKEN"),
      `${REGION_ENV} is ${primary}, but ${regionVariable(primary, "QSTASH_URL")} and ${regionVariable(primary, "QSTASH_TOKEN")} are not set`,
    );
  }
  if (only === undefined) return settings;
  const chosen = settings.filter((setting) => setting.region === only);
  if (chosen.length === 0) {
    const configured = settings.map((setting) => setting.region).join(", ");
    throw new ConfigurationError(
      "region",
      `region ${only} is not configured (${regionVariable(only, "QSTASH_URL")} and ${regionVariable(only, "QSTASH_TOKEN")} are not set); configured: ${configured}`,
    );
  }
  return chosen;
}

function regionSetting(env: Environment, region: QStashRegion): RegionSetting[] {
  const urlVariable = regionVariable(region, "QSTASH_URL");
  const tokenVariable = regionVariable(region, "QSTASH_TOKEN");
  const baseUrl = env[urlVariable]?.trim() ?? "";
  const token = env[tokenVariable]?.trim() ?? "";
  if (baseUrl === "" && token === "") return [];
  if (baseUrl === "" || token === "") {
    const [missing, given] = baseUrl === "" ? [urlVariable, tokenVariable] : [tokenVariable, urlVariable];
    throw new ConfigurationError(missing, `${given} is set but ${missing} is not: a region needs both`);
  }
  parseBaseUrl(baseUrl, urlVariable);
  return [{ region, baseUrl, token, tokenVariable, urlVariable }];
}

/** A region's name for people: `US_EAST_1`, or "QStash" for the one of a single-region setup. */
export function regionLabel(region: QStashRegion | undefined): string {
  return region ?? "QStash";
}

/** Every region's token the environment holds, set or not in use: each is a secret to mask. */
export function regionTokensInEnv(env: Environment): string[] {
  return QSTASH_REGION_NAMES.flatMap((region) => env[regionVariable(region, "QSTASH_TOKEN")]?.trim() || []);
}
