import { apiCommand, type CommandDeclaration } from "../command.ts";
import type { FlagValues } from "../flags.ts";
import { MANAGEMENT_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";

const FLAGS = [
  ...MANAGEMENT_FLAGS,
  ...RUN_VALUE_FLAGS,
  { flags: "--name <template>", description: "index name template" },
  { flags: "--id <id>", description: "index id" },
  { flags: "--dry-run", description: "say what would be deleted, delete nothing" },
] as const;

export type DeleteFlags = FlagValues<typeof FLAGS>;

export const searchDelete: CommandDeclaration<typeof FLAGS> = {
  name: "search delete",
  description: "delete every index with this name, or one index by id (already gone counts as deleted)",
  flags: FLAGS,
  examples: ["stashkit search delete --name 'myapp-mr-{pr}'", "stashkit search delete --id 3f2a… --dry-run"],
  run: apiCommand("search delete", "management", () => import("./search-delete.ts")),
};
