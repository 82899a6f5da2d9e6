import type { RawStep } from "../../schemas/workflow-runs.ts";
import { type History, inventedStep, prefix, probe, SENTINEL_NAME } from "./history.ts";
import type { ReplayOutcome, StepRef } from "./replay.ts";
import type { Verdict } from "./verdicts.ts";

/** What the walk asks of one run's check (`RunCheck` is one): declared here, so the two do not import each other. */
export interface RunReplays {
  readonly history: History;
  /** The old code's step names after its step at `position` (named `name`), in this run and the others checked. */
  namesAfter(position: number, name: string): string[];
  /** The kind of the new code's step named `name` after the first `count` recorded steps and `before`. */
  typeAt(count: number, name: string, before?: RawStep[]): Promise<string | undefined>;
  replay(steps: RawStep[]): Promise<ReplayOutcome>;
}

/** How many of the new code's steps are walked past the first difference, at most. */
const MAX_WALK = 25;

/**
 * The new code has a step named `name` where the run has `old`. Whether `old` was renamed,
 * moved later (reordered), dropped (removed), or a new step came before it (inserted) is read
 * from the steps around: is `name` one of the run's later steps, and does the new code have
 * `old` later? The new code's later steps are walked by giving it each of its own steps (with the
 * result the run recorded for a step of that name) and asking for the next.
 */
export async function classifyRename(
  check: RunReplays,
  at: { position: number; old: StepRef; name: string },
): Promise<Verdict> {
  const { position, old, name } = at;
  const later = check.namesAfter(position, old.name);
  const walked = await walk(check, position, name, later.length + 1);
  const newStep = { name, ...(walked.firstType === undefined ? {} : { type: walked.firstType }) };
  const moved = later.includes(name);
  const kept = walked.names.slice(1).includes(old.name);
  const change = moved ? (kept ? "reordered" : "removed") : kept ? "inserted" : "renamed";
  return { verdict: "diverged", change, position, old, new: newStep };
}

async function walk(
  check: RunReplays,
  position: number,
  first: string,
  limit: number,
): Promise<{ names: string[]; firstType: string | undefined }> {
  const history = check.history;
  const recorded = new Map(history.steps.map((step) => [step.ref.name, step]));
  const names = [first];
  const given: RawStep[] = [];
  let firstType: string | undefined;
  for (let index = 0; index < Math.min(limit, MAX_WALK); index++) {
    const name = names[index] as string;
    const known = recorded.get(name);
    const type = known?.ref.type ?? (await check.typeAt(position - 1, name, given));
    if (index === 0) firstType = type;
    if (type === undefined) break;
    given.push(inventedStep(history, { name, type }, 2 + index, known?.out));
    const outcome = await check.replay([...prefix(history, position - 1), ...given, probe(history)]);
    if (outcome.kind !== "reached-name" || outcome.got !== SENTINEL_NAME) break;
    names.push(outcome.name);
  }
  return { names, firstType };
}
