import { z } from "zod";
import { storeArea } from "../../state/area.ts";
import { byName, byNameObject } from "../../state/by-name.ts";
import { type NotificationStore, notificationStore } from "./notification-store.ts";
import { type RunStore, runStore } from "./run-store.ts";
import { type WaitStore, waitStore } from "./wait-store.ts";
import { historyEntry, storedNotification, storedRun, storedWaiter } from "./workflow-records.ts";

/** Workflow runs (their history, for deliveries and logs), the runs waiting for events, early events. */
export interface WorkflowStores {
  runs: RunStore;
  waits: WaitStore;
  notifications: NotificationStore;
}

/** How a snapshot holds a run: with its history inside. */
const snapshotRun = storedRun.extend({ history: z.array(historyEntry) });

export const workflowArea = storeArea({
  name: "workflow",
  shape: {
    workflowRuns: byName(snapshotRun),
    workflowWaiters: z.array(storedWaiter).default([]),
    /** Kept for a later wait of that run (lookback); bounded, oldest dropped first. */
    workflowEvents: z.array(storedNotification).default([]),
  },
  open: (engine, context): WorkflowStores => ({
    runs: runStore(engine, context),
    waits: waitStore(engine, context.limits),
    notifications: notificationStore(engine, context),
  }),
  exportKeys: (stores) => ({
    workflowRuns: byNameObject(
      stores.runs.list().map((run) => ({ ...run, history: stores.runs.history(run.runId) })),
      (run) => run.runId,
    ),
    workflowWaiters: stores.waits.all(),
    workflowEvents: stores.notifications.all(),
  }),
  importKeys(stores, keys) {
    for (const [runId, { history, ...run }] of keys.workflowRuns) {
      stores.runs.put({ ...run, runId });
      for (const step of history) stores.runs.addStep(runId, step);
    }
    for (const waiter of keys.workflowWaiters) stores.waits.add(waiter);
    for (const notification of keys.workflowEvents) stores.notifications.add(notification);
  },
  bounds: [
    {
      limit: "runs",
      what: "workflow runs running",
      inKeys: (keys) => [...keys.workflowRuns.values()].filter((run) => run.state === "RUN_STARTED").length,
      inStores: (stores) => stores.runs.running(),
    },
    {
      limit: "waits",
      what: "waits open",
      inKeys: (keys) => keys.workflowWaiters.length,
      inStores: (stores) => stores.waits.count(),
    },
    {
      limit: "waitsPerRun",
      what: "waits open for one run",
      inKeys: (keys) => mostForOneRun(keys.workflowWaiters),
      inStores: (stores) => stores.waits.mostForOneRun(),
    },
  ],
  reset(stores) {
    stores.runs.clear();
    stores.waits.clear();
    stores.notifications.clear();
  },
});

function mostForOneRun(waiters: readonly { runId: string }[]): number {
  const perRun = new Map<string, number>();
  for (const { runId } of waiters) perRun.set(runId, (perRun.get(runId) ?? 0) + 1);
  let most = 0;
  for (const count of perRun.values()) most = Math.max(most, count);
  return most;
}
