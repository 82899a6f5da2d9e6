import { NotFoundError } from "../errors/index.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import type { DesiredState } from "../qstash-files/desired-state.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { QStashChange, QStashPlan } from "./qstash-changes.ts";
import { diffAccount } from "./qstash-diff.ts";
import { type QStashAccount, readLiveAccount } from "./qstash-live.ts";
import { PHASES, type Step } from "./qstash-steps.ts";

/** Requests in flight at once within one phase. */
const WRITES_IN_FLIGHT = 8;

export interface ApplyQStashOptions extends CallOptions {
  /** Print the plan, send no write. */
  dryRun?: boolean | undefined;
  /** Deletes in a `protect: true` environment are refused without it. */
  allowDelete?: boolean | undefined;
  /** Deletes a queue even with messages waiting in it (kept otherwise, and said so). */
  force?: boolean | undefined;
}

/** A queue a delete left in place because messages wait in it. */
export interface KeptQueue {
  name: string;
  lag: number;
}

/**
 * What came of an apply (or a destroy): `applied` made every change but the queues in `kept`;
 * `dry-run` sent no write; `refused` sent no write because the environment is protected and
 * the plan deletes (`refused` lists the deletes).
 */
export type ApplyQStashResult =
  | { outcome: "applied"; plan: QStashPlan; applied: QStashChange[]; kept: KeptQueue[] }
  | { outcome: "dry-run"; plan: QStashPlan; kept: KeptQueue[] }
  | { outcome: "refused"; plan: QStashPlan; refused: QStashChange[] };

/** Reads the account (one request per list) and compares it with the file: what apply would do. */
export async function planQStash(
  account: QStashAccount,
  desired: DesiredState,
  call: CallOptions = {},
): Promise<QStashPlan> {
  return diffAccount(desired, await readLiveAccount(account, call)).plan;
}

/**
 * Makes the account match the file for one environment: creates and updates what it declares
 * (a schedule in place, by its id), deletes what the environment owns and no longer declares.
 * Idempotent: with nothing to change it sends the three reads and nothing else. Two at once
 * make nothing twice: every write names its resource (a schedule its id) and may be repeated.
 */
export async function applyQStash(
  account: QStashAccount,
  desired: DesiredState,
  options: ApplyQStashOptions = {},
): Promise<ApplyQStashResult> {
  const { plan, steps } = diffAccount(desired, await readLiveAccount(account, options));
  return carryOut(account, plan, steps, { ...options, protect: desired.protect });
}

/** Runs the steps phase by phase (a few at once within one), unless refused or a dry run. */
export async function carryOut(
  account: QStashAccount,
  plan: QStashPlan,
  steps: readonly Step[],
  options: ApplyQStashOptions & { protect: boolean },
): Promise<ApplyQStashResult> {
  const deletes = steps.filter((s) => s.change.action === "delete").map((s) => s.change);
  if (options.protect && !options.allowDelete && deletes.length > 0)
    return { outcome: "refused", plan, refused: deletes };
  const kept = steps
    .filter((s) => (s.lag ?? 0) > 0 && !options.force)
    .map((s) => ({ name: s.change.name, lag: s.lag ?? 0 }));
  if (options.dryRun) return { outcome: "dry-run", plan, kept };
  const keptNames = new Set(kept.map((k) => k.name));
  const done = new Set<QStashChange>();
  const call = { signal: options.signal, deadline: options.deadline };
  for (const phase of PHASES) {
    const due = steps.filter(
      (s) =>
        s.phase === phase &&
        !(s.change.kind === "queue" && keptNames.has(s.change.name) && s.change.action === "delete"),
    );
    await mapWithConcurrency(due, WRITES_IN_FLIGHT, async (step) => {
      await send(account, step, call);
      done.add(step.change);
    });
  }
  return { outcome: "applied", plan, applied: plan.changes.filter((change) => done.has(change)), kept };
}

/** A delete that finds nothing is done: another run (or a person) deleted it first. */
async function send(account: QStashAccount, step: Step, call: CallOptions): Promise<void> {
  try {
    await step.send(account, call);
  } catch (error) {
    if (step.change.action === "delete" && error instanceof NotFoundError) return;
    throw error;
  }
}
