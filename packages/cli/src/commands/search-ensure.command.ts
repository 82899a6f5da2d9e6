import { apiCommand, type CommandDeclaration } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MANAGEMENT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [
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
] as const;

export type EnsureFlags = FlagValues<typeof FLAGS>;

export const searchEnsure: CommandDeclaration<typeof FLAGS> = {
  name: "search ensure",
  description: "make sure one search index with this name exists (safe to run concurrently)",
  flags: FLAGS,
  examples: [
    "stashkit search ensure --name 'myapp-mr-{pr}' --region eu-west-1",
    "stashkit search ensure --name preview --pr 42 --format json",
    "stashkit search ensure --name 'myapp-{branch}' --format dotenv --output-file search.env",
  ],
  run: apiCommand("search ensure", "management", () => import("./search-ensure.ts")),
};
