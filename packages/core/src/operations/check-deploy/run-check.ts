import { failureHint } from "@stashkit/stall-reasons";
import type { RawStep } from "../../schemas/workflow-runs.ts";
import { type History, PROBE_TYPE, prefix, probe, SENTINEL_NAME } from "./history.ts";
import type { ReplayOutcome, StepRef } from "./replay.ts";
import type { Verdict } from "./verdicts.ts";
import { classifyRename, type RunReplays } from "./walk.ts";

/** Sends one history (with its probe) to the new build and says what came of it. */
export type Replayer = (steps: RawStep[]) => Promise<ReplayOutcome>;

/**
 * Finds whether the new code accepts a run's history and, if not, the first step where it parts
 * from it. Every replay ends in a probe the SDK refuses before running anything new: a step named
 * as no step is (the SDK says the name of its own step there) or one with a name and no kind (it
 * says the kind). No step of the new code runs, so nothing is published or called.
 */
export class RunCheck implements RunReplays {
  readonly #replay: Replayer;
  readonly #history: History;
  readonly #pending: StepRef | undefined;
  readonly #reached = new Map<number, ReplayOutcome>();
  readonly #orders: readonly (readonly string[])[];

  /** `orders`: the step names of every run checked (history, then pending): the old code's order as seen. */
  constructor(
    replayer: Replayer,
    history: History,
    pending: StepRef | undefined,
    orders: readonly (readonly string[])[] = [],
  ) {
    this.#replay = replayer;
    this.#history = history;
    this.#pending = pending;
    this.#orders = orders;
  }

  async verdict(): Promise<Verdict> {
    const history = this.#history;
    const pending = this.#pending;
    const all = history.steps.length;
    const whole = await this.#replay([...prefix(history, all), probe(history, pending?.name)]);
    if (pending !== undefined && whole.kind === "reached-type" && whole.got === PROBE_TYPE) {
      if (whole.type === pending.type) return { verdict: "accepted", nextStep: pending };
      return changedKind(all + 1, pending, whole.type);
    }
    if (pending === undefined && whole.kind === "reached-name" && whole.got === SENTINEL_NAME) {
      return { verdict: "accepted", nextStep: { name: whole.name } };
    }
    if (pending === undefined && whole.kind === "ended") return { verdict: "accepted", nextStep: undefined };
    const unchecked = uncheckable(whole);
    if (unchecked !== undefined) return unchecked;
    if (history.parallel) return parallel(whole);
    return await this.#search();
  }

  /** The last count of steps the new code has as recorded; then what it has after them. */
  async #search(): Promise<Verdict> {
    const first = await this.#reach(0);
    const unchecked = uncheckable(first);
    if (unchecked !== undefined) return unchecked;
    if (first.kind !== "reached-name") return this.#removedAt(1);
    let low = 0;
    let high = this.#history.steps.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      const outcome = await this.#reach(middle);
      if (outcome.kind === "reached-name" && outcome.got === SENTINEL_NAME) low = middle;
      else high = middle - 1;
    }
    const reached = (await this.#reach(low)) as Extract<ReplayOutcome, { kind: "reached-name" }>;
    return await this.#partsAt(low + 1, reached.name);
  }

  /** At `position` the new code has a step named `name`; the run has `old`. */
  async #partsAt(position: number, name: string): Promise<Verdict> {
    const old = this.#stepAt(position);
    if (old === undefined) return { verdict: "accepted", nextStep: { name } };
    if (name === old.name) {
      const type = await this.typeAt(position - 1, name);
      if (type !== undefined && type !== old.type) return changedKind(position, old, type);
      // Its step there is the run's, and yet it went no further: it ends after it.
      return this.#removedAt(position + 1);
    }
    return await classifyRename(this, { position, old, name });
  }

  #removedAt(position: number): Verdict {
    const old = this.#stepAt(position);
    if (old === undefined) return { verdict: "accepted", nextStep: undefined };
    return { verdict: "diverged", change: "removed", position, old, new: undefined };
  }

  /** The run's step at `position` (from 1): a recorded one, or the one it waits at. */
  #stepAt(position: number): StepRef | undefined {
    const steps = this.#history.steps;
    return position <= steps.length
      ? steps[position - 1]?.ref
      : position === steps.length + 1
        ? this.#pending
        : undefined;
  }

  /**
   * Names the old code has after its step at `position` (named `name`): this run's later steps,
   * and those that follow a step of that name in any run checked (a run further along shows
   * what comes after the step this one waits at).
   */
  namesAfter(position: number, name: string): string[] {
    const own = this.#history.steps.slice(position).map((step) => step.ref.name);
    const withPending =
      this.#pending !== undefined && position <= this.#history.steps.length
        ? [...own, this.#pending.name]
        : own;
    const seen = this.#orders.flatMap((order) => {
      const at = order.indexOf(name);
      return at < 0 ? [] : order.slice(at + 1);
    });
    return [...new Set([...withPending, ...seen])];
  }

  get history(): History {
    return this.#history;
  }

  replay(steps: RawStep[]): Promise<ReplayOutcome> {
    return this.#replay(steps);
  }

  /** The kind of the new code's step after the first `count` recorded steps, which is named `name`. */
  async typeAt(count: number, name: string, before: RawStep[] = []): Promise<string | undefined> {
    const history = this.#history;
    const outcome = await this.#replay([...prefix(history, count), ...before, probe(history, name)]);
    return outcome.kind === "reached-type" && outcome.got === PROBE_TYPE ? outcome.type : undefined;
  }

  async #reach(count: number): Promise<ReplayOutcome> {
    const known = this.#reached.get(count);
    if (known !== undefined) return known;
    const outcome = await this.#replay([...prefix(this.#history, count), probe(this.#history)]);
    this.#reached.set(count, outcome);
    return outcome;
  }
}

function changedKind(position: number, old: StepRef, type: string): Verdict {
  return { verdict: "diverged", change: "changed-kind", position, old, new: { name: old.name, type } };
}

function parallel(outcome: ReplayOutcome): Verdict {
  const detail =
    outcome.kind === "parallel"
      ? outcome.message
      : outcome.kind === "reached-name"
        ? `expected '${outcome.name}', got '${outcome.got}'`
        : outcome.kind;
  return { verdict: "diverged", change: "parallel", position: 0, old: undefined, new: undefined, detail };
}

/** A replay the new build did not answer with the SDK's step checks: nothing can be said of the steps. */
function uncheckable(outcome: ReplayOutcome): Verdict | undefined {
  if (outcome.kind === "executed") {
    return {
      verdict: "unchecked",
      reason:
        "the new build ran and published a step of its own (parallel branches are not checked step by step)",
    };
  }
  if (outcome.kind !== "refused") return undefined;
  const hint = failureHint(outcome.body, "service");
  return { verdict: "unchecked", reason: `the new build answered ${outcome.status}${hint}` };
}
