import type { DesiredState, EnvironmentNames } from "../qstash-files/desired-state.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { QStashChange } from "./qstash-changes.ts";
import type { LiveAccount, QStashAccount } from "./qstash-live.ts";

/**
 * The order changes are made in: what schedules point at (queues, URL groups) exists before
 * them, and is deleted after them, as the API asks (a URL group a schedule uses is deleted last).
 */
export const PHASES = ["queues", "groups", "schedules", "unschedule", "ungroup", "unqueue"] as const;
export type Phase = (typeof PHASES)[number];

/** A change and the request that makes it. */
export interface Step {
  change: QStashChange;
  phase: Phase;
  /** A queue's waiting messages, for a delete that needs `force`. */
  lag?: number;
  send(account: QStashAccount, call?: CallOptions): Promise<void>;
}

/** Whether the environment owns a listed resource it does not declare: its name starts with the prefix. */
export function owns(desired: Pick<DesiredState, "prefix">, name: string): boolean {
  return desired.prefix !== "" && name.startsWith(desired.prefix);
}

export function deleteStep(
  phase: Phase,
  kind: QStashChange["kind"],
  name: string,
  fields: Record<string, unknown>,
  send: Step["send"],
  lag?: number,
): Step {
  return {
    phase,
    change: { action: "delete", kind, name, fields },
    send,
    ...(lag === undefined ? {} : { lag }),
  };
}

/** The names an environment declares, by kind. */
export type Names = { schedules: Set<string>; groups: Set<string>; queues: Set<string> };

export function declaredNames(names: EnvironmentNames): Names {
  return {
    schedules: new Set(names.schedules),
    groups: new Set(names.urlGroups),
    queues: new Set(names.queues),
  };
}

/** A delete for each listed resource `isOwned` picks, schedules first and queues last. */
export function ownedSteps(
  live: LiveAccount,
  isOwned: (name: string, declared: Set<string>) => boolean,
  declared: Names = { schedules: new Set(), groups: new Set(), queues: new Set() },
): Step[] {
  return [
    ...live.schedules
      .filter((s) => isOwned(s.scheduleId, declared.schedules))
      .map((s) =>
        deleteStep("unschedule", "schedule", s.scheduleId, {}, (a, call) =>
          a.schedules.delete(s.scheduleId, call),
        ),
      ),
    ...live.urlGroups
      .filter((g) => isOwned(g.name, declared.groups))
      .map((g) =>
        deleteStep("ungroup", "url_group", g.name, {}, (a, call) => a.urlGroups.delete(g.name, call)),
      ),
    ...live.queues
      .filter((q) => isOwned(q.name, declared.queues))
      .map((q) =>
        deleteStep(
          "unqueue",
          "queue",
          q.name,
          { lag: q.lag ?? 0 },
          (a, call) => a.queues.delete(q.name, call),
          q.lag ?? 0,
        ),
      ),
  ];
}
