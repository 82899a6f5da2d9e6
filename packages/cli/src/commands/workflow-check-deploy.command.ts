import { apiCommand, type CommandDeclaration } from "../command.ts";
import { FLAGS } from "./workflow-check-deploy.flags.ts";

export const workflowCheckDeploy: CommandDeclaration<typeof FLAGS> = {
  name: "workflow check-deploy",
  description:
    "replay the runs in flight at a workflow URL against the new build, running locally: exit 1 when a run would fail after the deploy",
  flags: FLAGS,
  examples: [
    "QSTASH_URL=http://127.0.0.1:8790 npm start &   # the new build; what it sends to QStash comes to the check",
    "stashkit workflow check-deploy --url https://app.example.com/api/workflow --app-url http://127.0.0.1:3000/api/workflow",
    'stashkit workflow check-deploy --url https://app.example.com/api/workflow --app-url http://127.0.0.1:3000/api/workflow --format markdown >> "$GITHUB_STEP_SUMMARY"',
  ],
  run: apiCommand("workflow check-deploy", "messaging", () => import("./workflow-check-deploy.ts"), {
    // Written out, not imported from options/common.ts: that loads core, and declarations load at start-up.
    formats: ["text", "json", "markdown"],
  }),
};
