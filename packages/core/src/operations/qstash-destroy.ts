import type { EnvironmentNames } from "../qstash-files/desired-state.ts";
import { type ApplyQStashOptions, type ApplyQStashResult, carryOut } from "./qstash-apply.ts";
import type { QStashPlan } from "./qstash-changes.ts";
import { type QStashAccount, readLiveAccount } from "./qstash-live.ts";
import { declaredNames, ownedSteps, owns } from "./qstash-steps.ts";

/**
 * Deletes what one environment owns: what starts with its prefix, and what it declares (a
 * preview's schedules, URL groups and queues when its pull request closes). A queue with
 * messages waiting is kept unless `force`, and said so (`kept`); anything made in the console
 * (a schedule's random id, a name without the prefix) is never touched.
 */
export async function destroyQStash(
  account: QStashAccount,
  desired: EnvironmentNames,
  options: ApplyQStashOptions = {},
): Promise<ApplyQStashResult> {
  const live = await readLiveAccount(account, options);
  const steps = ownedSteps(
    live,
    (name, declared) => owns(desired, name) || declared.has(name),
    declaredNames(desired),
  );
  const plan: QStashPlan = {
    environment: desired.environment,
    prefix: desired.prefix,
    protect: desired.protect,
    changes: steps.map((s) => s.change),
    unchanged: 0,
  };
  return carryOut(account, plan, steps, { ...options, protect: desired.protect });
}
