import { apiCommand, type CommandDeclaration } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MANAGEMENT_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [
  ...MANAGEMENT_FLAGS,
  { flags: "--pattern <template>", description: "only names this template matches, e.g. myapp-mr-{pr}" },
] as const;

export type ListFlags = FlagValues<typeof FLAGS>;

export const searchList: CommandDeclaration<typeof FLAGS> = {
  name: "search list",
  description: "list search indexes (never their tokens, unless --show-secrets or --output-file)",
  flags: FLAGS,
  examples: ["stashkit search list", "stashkit search list --pattern 'myapp-mr-{pr}' --format json"],
  run: apiCommand("search list", "management", () => import("./search-list.ts")),
};
