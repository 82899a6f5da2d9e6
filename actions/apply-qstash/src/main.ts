import { runMessagingStep } from "@stashkit/action-kit";
import { readApplyInputs } from "./inputs.ts";

const ACTION = "apply-qstash";

export async function run(): Promise<void> {
  await runMessagingStep(
    ACTION,
    async (step) => {
      const inputs = readApplyInputs(step.context);
      // The client (credentials checked first), then the file's reader (YAML, the schema): both
      // load once the inputs are known good. Nothing is sent before the file is read and checked.
      const client = await step.client();
      const { carryOut } = await import("./carry-out.ts");
      const outcome = await carryOut(step, client, inputs);
      const { report } = await import("./report.ts");
      await report(step, inputs, outcome);
    },
    { secretInputs: ["github-token"] },
  );
}
