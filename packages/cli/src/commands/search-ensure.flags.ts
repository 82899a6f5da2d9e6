import { MANAGEMENT_FLAGS, PROTECT_FLAGS, RUN_VALUE_FLAGS, SEED_FLAGS } from "../options/flag-sets.ts";
import type { FlagValues } from "../options/flags.ts";

/** The flags of `stashkit search ensure`: their value names and types are derived from here. */
export const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  {
    flags: "--name <template>",
    description: "index name; {pr} {branch} {sha} {run_id} {repo} come from the CI system",
  },
  { flags: "--region <region>", description: "eu-west-1 or us-central1", default: "us-central1" },
  { flags: "--type <plan>", description: "free, payg or fixed", default: "free" },
  {
    flags: "--on-mismatch <mode>",
    description: "fail or warn when the existing index has another region or plan",
    default: "fail",
  },
  ...SEED_FLAGS,
  ...PROTECT_FLAGS,
] as const;

export type EnsureFlags = FlagValues<typeof FLAGS>;
