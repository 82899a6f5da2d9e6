import { ConfigurationError } from "../errors/index.ts";
import { validateFlowControlKey, validateQueueName, validateScheduleId, validateWord } from "./inputs.ts";
import { parseTargetList, type Target } from "./target.ts";

/** How one list of targets is given: its action input, its CLI flag, and the check of one value. */
export interface TargetSelector {
  input: string;
  flag: string;
  check(value: string, name: string): string;
}

/**
 * The lists that name what to pause or resume, the same in the actions and the CLI. An entry here
 * names a list's input and flag and checks its values, and action-kit reads every input listed;
 * the rest is written by hand: its field in `SelectedTargets` (filled in `readTargetLists`,
 * counted in `countTargets`), the operations that act on it, the CLI's `TARGET_FLAGS` and `lists`
 * (`commands/queues.ts`), and the input in both actions' `action.yml` (CONTRIBUTING, "An input
 * the CLI also gets"). Tests fail while the flag or an input is missing, not while the rest is.
 */
// size: table
export const TARGET_SELECTORS = {
  queues: { input: "queue-name", flag: "<names\u2026>", check: (v, n) => validateQueueName(v, n) },
  scheduleIds: { input: "schedule-id", flag: "--schedule-id", check: (v, n) => validateScheduleId(v, n) },
  scheduleLabels: {
    input: "schedule-label",
    flag: "--schedule-label",
    check: (v, n) => validateWord(v, n, "label"),
  },
  destinationPrefixes: {
    input: "destination-prefix",
    flag: "--destination-prefix",
    check: (v, n) => validateWord(v, n, "destination prefix"),
  },
  flowControlKeys: {
    input: "flow-control-key",
    flag: "--flow-control-key",
    check: (v, n) => validateFlowControlKey(v, n),
  },
} as const satisfies Record<string, TargetSelector>;

export type SelectorKey = keyof typeof TARGET_SELECTORS;
export const SELECTOR_KEYS = Object.keys(TARGET_SELECTORS) as SelectorKey[];

/** Resume only: exactly the targets a pause reported, instead of the lists. */
export const ONLY_IF_PAUSED_BY = { input: "only-if-paused-by", flag: "--only-if-paused-by" } as const;

/** Which names a surface knows the lists by: the actions' inputs or the CLI's flags. */
export type Surface = "input" | "flag";

/** The lists as given: each value may hold several, separated by newlines or commas. */
export type TargetLists = Partial<Record<SelectorKey, readonly string[] | undefined>>;

/** What to pause or resume, every value checked: the shape the operations take. */
export interface SelectedTargets {
  queues: string[];
  schedules: { ids: string[]; labels: string[]; destinationPrefixes: string[] };
  flowControlKeys: string[];
}

/** One value or several, separated by newlines or commas; blanks dropped, repeats kept once. */
export function splitList(values: readonly string[] | undefined): string[] {
  const items = (values ?? []).flatMap((v) => v.split(/[\n,]/)).map((v) => v.trim());
  return [...new Set(items.filter((v) => v !== ""))];
}

/** "queue-name, schedule-id, ..." or "<names...>, --schedule-id, ...": the lists, as a surface names them. */
export function selectorNames(surface: Surface): string {
  return SELECTOR_KEYS.map((key) => TARGET_SELECTORS[key][surface]).join(", ");
}

/** Splits and checks every list, naming the input or flag of a bad value, before anything is sent. */
export function readTargetLists(lists: TargetLists, surface: Surface): SelectedTargets {
  const read = (key: SelectorKey) => {
    const name = TARGET_SELECTORS[key][surface];
    return splitList(lists[key]).map((value) => TARGET_SELECTORS[key].check(value, name));
  };
  return {
    queues: read("queues"),
    schedules: {
      ids: read("scheduleIds"),
      labels: read("scheduleLabels"),
      destinationPrefixes: read("destinationPrefixes"),
    },
    flowControlKeys: read("flowControlKeys"),
  };
}

export function countTargets(targets: SelectedTargets): number {
  const { queues, schedules, flowControlKeys } = targets;
  return (
    queues.length +
    schedules.ids.length +
    schedules.labels.length +
    schedules.destinationPrefixes.length +
    flowControlKeys.length
  );
}

/** The selection that names exactly these targets (schedules by id), e.g. what a pause reported. */
export function targetsSelection(targets: readonly Target[]): SelectedTargets {
  const named = (kind: Target["kind"]) => targets.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    queues: named("queue"),
    schedules: { ids: named("schedule"), labels: [], destinationPrefixes: [] },
    flowControlKeys: named("flow-control-key"),
  };
}

/**
 * What to pause or resume, by the one rule of the actions and the CLI: the lists, at least one
 * value among them; or (resume) `onlyIfPausedBy`, the JSON a pause reported, and no list beside it.
 */
export function readTargetSelection(
  given: { lists: TargetLists; onlyIfPausedBy?: string | undefined },
  surface: Surface,
  mode: "pause" | "resume",
): SelectedTargets {
  const targets = readTargetLists(given.lists, surface);
  const onlyIf = ONLY_IF_PAUSED_BY[surface];
  if (given.onlyIfPausedBy !== undefined && given.onlyIfPausedBy !== "") {
    const paused = parseTargetList(given.onlyIfPausedBy, onlyIf);
    if (countTargets(targets) > 0) {
      throw new ConfigurationError(
        onlyIf,
        `${onlyIf} ${mode}s exactly what a pause reported; give it alone, without ${selectorNames(surface)}`,
      );
    }
    return targetsSelection(paused);
  }
  if (countTargets(targets) === 0) {
    const alternative = mode === "resume" ? ` (or ${onlyIf})` : "";
    throw new ConfigurationError(
      TARGET_SELECTORS.queues[surface],
      `nothing to ${mode}: give at least one of ${selectorNames(surface)}${alternative}; each takes one value or several separated by commas`,
    );
  }
  return targets;
}
