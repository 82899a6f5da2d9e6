import { registerSecrets, runner, type Step } from "@stashkit/action-kit";
import { gitHubRun } from "@stashkit/ci-context";
import {
  type ApplyQStashResult,
  applyQStash,
  destroyQStash,
  type MessagingClient,
  planQStash,
  type QStashPlan,
  readDeclarationFile,
  resolveEnvironment,
  resolveNames,
} from "@stashkit/core";
import type { ApplyInputs } from "./inputs.ts";

/** What the step did: a plan alone, or an apply's or a destroy's result. */
export type Outcome =
  | { mode: "plan"; plan: QStashPlan }
  | { mode: "apply" | "destroy"; result: ApplyQStashResult };

/**
 * Reads the file for the environment (placeholders from this run, `vars` over the file's,
 * secrets from the step's environment, each registered with the runner's masking before
 * anything is sent), then plans, applies or destroys with core.
 */
export async function carryOut(
  step: Step<MessagingClient, "token">,
  client: MessagingClient,
  inputs: ApplyInputs,
): Promise<Outcome> {
  const loaded = await readDeclarationFile(inputs.config);
  const run = gitHubRun(step.context);
  const options = {
    environment: inputs.environment,
    values: run.values,
    whereMissing: run.whereMissing,
    vars: inputs.vars,
  };
  const call = {
    deadline: step.deadline,
    dryRun: false,
    allowDelete: inputs.allowDelete,
    force: inputs.force,
  };
  if (inputs.mode === "destroy") {
    const names = resolveNames(loaded, options);
    const result = await runner.group(`Destroy environment ${names.environment}`, () =>
      destroyQStash(client, names, call),
    );
    return { mode: "destroy", result };
  }
  const desired = resolveEnvironment(loaded, { ...options, env: process.env });
  registerSecrets(...desired.secrets);
  step.redactor.add(...desired.secrets);
  if (inputs.mode === "plan") {
    const plan = await runner.group(`Plan environment ${desired.environment}`, () =>
      planQStash(client, desired, call),
    );
    return { mode: "plan", plan };
  }
  const result = await runner.group(`Apply environment ${desired.environment}`, () =>
    applyQStash(client, desired, call),
  );
  return { mode: "apply", result };
}
