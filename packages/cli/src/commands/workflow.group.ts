import type { Command } from "commander";
import { addCommand, examples } from "../command.ts";
import { workflowCheckDeploy } from "./workflow-check-deploy.command.ts";

/** `stashkit workflow …`: Upstash Workflow's deploys. */
export function addWorkflowCommands(program: Command): void {
  const workflow = program
    .command("workflow")
    .description("Upstash Workflow: runs in flight and deploys (messaging API)")
    .addHelpText(
      "after",
      examples([
        "stashkit workflow check-deploy --url https://app.example.com/api/workflow --app-url http://127.0.0.1:3000/api/workflow",
      ]),
    );
  addCommand(workflow, workflowCheckDeploy);
}
