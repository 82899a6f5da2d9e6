import type { MessagingClient } from "../clients/messaging-client.ts";
import { StashkitError } from "../errors/index.ts";
import { validateScheduleId, validateWord } from "../schemas/inputs.ts";
import type { Schedule } from "../schemas/schedule.ts";
import { scheduleLabels } from "../schemas/schedule-labels.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { MissingBy } from "./targets.ts";

/** Schedules by id, by label, or by destination prefix; a schedule matching several is taken once. */
export interface ScheduleSelection {
  ids?: readonly string[];
  labels?: readonly string[];
  destinationPrefixes?: readonly string[];
}

/** One selector of a selection: an id, a label or a destination prefix. */
export interface ScheduleSelector {
  by: Extract<MissingBy, "id" | "label" | "destination">;
  value: string;
}

export interface SelectedSchedules {
  /** In the order the API listed them. */
  matched: Schedule[];
  /** Selectors that matched no schedule. */
  unmatched: ScheduleSelector[];
}

export function scheduleSelectors(selection: ScheduleSelection = {}): ScheduleSelector[] {
  return [
    ...(selection.ids ?? []).map((value) => ({ by: "id" as const, value })),
    ...(selection.labels ?? []).map((value) => ({ by: "label" as const, value })),
    ...(selection.destinationPrefixes ?? []).map((value) => ({ by: "destination" as const, value })),
  ];
}

/** Checks every selector before anything is sent; `inputs` names them in errors. */
export function validateScheduleSelection(
  selection: ScheduleSelection = {},
  inputs = { ids: "scheduleId", labels: "label", destinationPrefixes: "destinationPrefix" },
): void {
  for (const id of selection.ids ?? []) validateScheduleId(id, inputs.ids);
  for (const label of selection.labels ?? []) validateWord(label, inputs.labels, "label");
  for (const prefix of selection.destinationPrefixes ?? [])
    validateWord(prefix, inputs.destinationPrefixes, "destination prefix");
}

/** Filters a listing locally: the selection costs one list request, however many selectors it has. */
export function selectSchedules(
  schedules: readonly Schedule[],
  selection: ScheduleSelection,
): SelectedSchedules {
  const selectors = scheduleSelectors(selection);
  const matches = (schedule: Schedule, selector: ScheduleSelector): boolean => {
    if (selector.by === "id") return schedule.scheduleId === selector.value;
    if (selector.by === "label") return scheduleLabels(schedule).includes(selector.value);
    return schedule.destination.startsWith(selector.value);
  };
  return {
    matched: schedules.filter((schedule) => selectors.some((selector) => matches(schedule, selector))),
    unmatched: selectors.filter((selector) => !schedules.some((schedule) => matches(schedule, selector))),
  };
}

/** Lists the schedules once (only when something is selected) and selects from the listing. */
export async function listSelectedSchedules(
  client: MessagingClient,
  selection: ScheduleSelection,
  call?: CallOptions,
): Promise<SelectedSchedules | { failed: StashkitError; selectors: ScheduleSelector[] }> {
  const selectors = scheduleSelectors(selection);
  if (selectors.length === 0) return { matched: [], unmatched: [] };
  try {
    return selectSchedules(await client.schedules.list(call), selection);
  } catch (error) {
    if (error instanceof StashkitError) return { failed: error, selectors };
    throw error;
  }
}
