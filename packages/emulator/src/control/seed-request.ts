import { z } from "zod";
import type { SeedSearchIndexes } from "../management/seed.ts";
import {
  DEFAULT_SEARCH_REGION,
  SEARCH_PLANS,
  SEARCH_REGIONS,
  type SearchPlan,
  type SearchRegion,
} from "../management/store.ts";
import type { Account } from "../options/emulator-options.ts";
import { controlErrors } from "./errors.ts";

/** What a caller asks to seed; everything but `count` has a default. */
export interface SeedRequest {
  count: number;
  /** Default `seed`: names are `seed-0`, `seed-1`, … */
  namePrefix?: string;
  /** Email of a configured account; default the first one. */
  account?: string;
  region?: SearchRegion;
  type?: SearchPlan;
}

export const MAX_SEED_COUNT = 100_000;

const schema = z.strictObject({
  count: z.int().min(1).max(MAX_SEED_COUNT),
  namePrefix: z.string().min(1).max(100).default("seed"),
  account: z.string().optional(),
  region: z.enum(SEARCH_REGIONS).default(DEFAULT_SEARCH_REGION),
  type: z.enum(SEARCH_PLANS).default("free"),
});

const ACCEPTS: Record<string, string> = {
  count: `a whole number from 1 to ${MAX_SEED_COUNT}`,
  namePrefix: "a string of 1 to 100 characters",
  account: "the email of a configured account",
  region: SEARCH_REGIONS.join(" or "),
  type: SEARCH_PLANS.join(", "),
};

/** Checks a seed request and resolves its defaults; a 400 names the field and what it accepts. */
export function resolveSeedRequest(input: unknown, accounts: readonly Account[]): SeedSearchIndexes {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === "unrecognized_keys") {
      throw controlErrors.invalidRequest(
        `unknown seed field "${issue.keys[0]}"; fields are ${Object.keys(ACCEPTS).join(", ")}`,
      );
    }
    const field = String(issue?.path[0] ?? "");
    const accepts = Object.hasOwn(ACCEPTS, field) ? ACCEPTS[field] : undefined;
    throw controlErrors.invalidRequest(
      accepts ? `seed field "${field}" must be ${accepts}` : 'expected {"count": N, "namePrefix": "…"}',
    );
  }
  const { account, ...seed } = parsed.data;
  const owner = account === undefined ? accounts[0] : accounts.find((a) => a.email === account);
  if (!owner) {
    throw controlErrors.invalidRequest(
      `seed field "account" must be one of ${accounts.map((a) => a.email).join(", ")}`,
    );
  }
  return { ...seed, owner: owner.email };
}
