import { apiCommand, type CommandDeclaration } from "../command.ts";
import { QSTASH_FORMATS } from "./qstash.command-formats.ts";
import { FLAGS } from "./qstash-plan.flags.ts";

export const qstashPlan: CommandDeclaration<typeof FLAGS> = {
  name: "qstash plan",
  description:
    "show what apply would create, update and delete for one environment of the declaration file (reads only)",
  flags: FLAGS,
  examples: [
    "stashkit qstash plan --env production",
    "stashkit qstash plan --env preview --pr 42 --var base_url=https://myapp-pr-42.vercel.app --format markdown",
    "stashkit qstash plan --env production --format json --detailed-exitcode   # exit 3: changes pending",
  ],
  run: apiCommand("qstash plan", "messaging", () => import("./qstash-plan.ts"), QSTASH_FORMATS),
};
