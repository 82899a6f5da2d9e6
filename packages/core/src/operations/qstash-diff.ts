import { type DesiredEndpoint, type DesiredState, namesOf } from "../qstash-files/desired-state.ts";
import type { EndpointInput } from "../resources/url-groups.ts";
import type { Endpoint } from "../schemas/url-group.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { QStashChange, QStashPlan } from "./qstash-changes.ts";
import type { LiveAccount, QStashAccount } from "./qstash-live.ts";
import { putScheduleInput, scheduleDifferences, scheduleFields } from "./qstash-schedule-diff.ts";
import { declaredNames, ownedSteps, owns, PHASES, type Phase, type Step } from "./qstash-steps.ts";

/** Where the diff of each kind puts its steps, and counts what needs no change. */
interface Collected {
  steps: Step[];
  unchanged: number;
  add(phase: Phase, change: QStashChange, send: Step["send"]): void;
}

/** Compares the account with what the file asks: the plan, and the steps that carry it out. */
export function diffAccount(desired: DesiredState, live: LiveAccount): { plan: QStashPlan; steps: Step[] } {
  const collected: Collected = {
    steps: [],
    unchanged: 0,
    add(phase, change, send) {
      this.steps.push({ phase, change, send });
    },
  };
  diffQueues(desired, live, collected);
  diffGroups(desired, live, collected);
  diffSchedules(desired, live, collected);
  const steps = [...collected.steps, ...deletions(desired, live)];
  steps.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
  const { environment, prefix, protect } = desired;
  const changes = steps.map((s) => s.change);
  return { plan: { environment, prefix, protect, changes, unchanged: collected.unchanged }, steps };
}

function diffQueues(desired: DesiredState, live: LiveAccount, collected: Collected): void {
  const liveQueues = new Map(live.queues.map((q) => [q.name, q]));
  for (const queue of desired.queues) {
    const found = liveQueues.get(queue.name);
    const upsert = (paused: boolean) => (a: QStashAccount, call?: CallOptions) =>
      a.queues.upsert({ queueName: queue.name, parallelism: queue.parallelism, paused }, call);
    const name = queue.name;
    if (found === undefined) {
      const fields = {
        parallelism: queue.parallelism,
        ...(queue.paused === undefined ? {} : { paused: queue.paused }),
      };
      collected.add(
        "queues",
        { action: "create", kind: "queue", name, fields },
        upsert(queue.paused ?? false),
      );
      continue;
    }
    const fields: Record<string, unknown> = {};
    if ((found.parallelism ?? 1) !== queue.parallelism)
      fields["parallelism"] = { from: found.parallelism ?? null, to: queue.parallelism };
    if (queue.paused !== undefined && found.paused !== queue.paused)
      fields["paused"] = { from: found.paused, to: queue.paused };
    if (Object.keys(fields).length === 0) collected.unchanged++;
    // A queue paused by a deploy window stays paused unless the file says otherwise.
    else
      collected.add(
        "queues",
        { action: "update", kind: "queue", name, fields },
        upsert(queue.paused ?? found.paused),
      );
  }
}

function diffGroups(desired: DesiredState, live: LiveAccount, collected: Collected): void {
  const liveGroups = new Map(live.urlGroups.map((g) => [g.name, g]));
  for (const group of desired.urlGroups) {
    const found = liveGroups.get(group.name);
    if (found === undefined) {
      const fields = { endpoints: group.endpoints.map(endpointView) };
      collected.add("groups", { action: "create", kind: "url_group", name: group.name, fields }, (a, call) =>
        a.urlGroups.addEndpoints(group.name, group.endpoints.map(endpointInput), call),
      );
      continue;
    }
    const before = collected.steps.length;
    diffEndpoints(group.name, group.endpoints, found.endpoints, (phase, change, send) =>
      collected.add(phase, change, send),
    );
    if (collected.steps.length === before) collected.unchanged++;
  }
}

function diffSchedules(desired: DesiredState, live: LiveAccount, collected: Collected): void {
  const liveSchedules = new Map(live.schedules.map((s) => [s.scheduleId, s]));
  for (const schedule of desired.schedules) {
    const found = liveSchedules.get(schedule.scheduleId);
    const put = (a: QStashAccount, call?: CallOptions) => a.schedules.put(putScheduleInput(schedule), call);
    const name = schedule.scheduleId;
    if (found === undefined) {
      collected.add(
        "schedules",
        { action: "create", kind: "schedule", name, fields: scheduleFields(schedule) },
        put,
      );
      continue;
    }
    const fields = scheduleDifferences(schedule, found);
    if (Object.keys(fields).length === 0) collected.unchanged++;
    else collected.add("schedules", { action: "update", kind: "schedule", name, fields }, put);
  }
}

/** What the environment owns and no longer declares. */
function deletions(desired: DesiredState, live: LiveAccount): Step[] {
  return ownedSteps(
    live,
    (name, declared) => owns(desired, name) && !declared.has(name),
    declaredNames(namesOf(desired)),
  );
}

type Add = (phase: Phase, change: QStashChange, send: Step["send"]) => void;

/** Endpoints are known by name, or by URL when they have none. */
function diffEndpoints(group: string, desired: DesiredEndpoint[], live: Endpoint[], add: Add): void {
  const key = (e: { name?: string | undefined; url: string }) => e.name ?? e.url;
  const liveByKey = new Map(live.map((e) => [key(e), e]));
  const wantedKeys = new Set(desired.map(key));
  for (const endpoint of desired) {
    const found = liveByKey.get(key(endpoint));
    if (found !== undefined && found.url === endpoint.url) continue;
    const change: QStashChange =
      found === undefined
        ? {
            action: "create",
            kind: "endpoint",
            name: `${group}/${key(endpoint)}`,
            fields: endpointView(endpoint),
          }
        : {
            action: "update",
            kind: "endpoint",
            name: `${group}/${key(endpoint)}`,
            fields: { url: { from: found.url, to: endpoint.url } },
          };
    // Adding an endpoint whose name is taken replaces it: an update in place.
    add("groups", change, (a, call) => a.urlGroups.addEndpoints(group, [endpointInput(endpoint)], call));
  }
  for (const endpoint of live) {
    if (wantedKeys.has(key(endpoint))) continue;
    const gone: EndpointInput = endpoint.name === undefined ? { url: endpoint.url } : { name: endpoint.name };
    add(
      "ungroup",
      { action: "delete", kind: "endpoint", name: `${group}/${key(endpoint)}`, fields: {} },
      (a, call) => a.urlGroups.removeEndpoints(group, [gone], call),
    );
  }
}

function endpointView(endpoint: DesiredEndpoint): Record<string, string> {
  return endpoint.name === undefined ? { url: endpoint.url } : { name: endpoint.name, url: endpoint.url };
}

function endpointInput(endpoint: DesiredEndpoint): EndpointInput {
  return endpoint.name === undefined ? { url: endpoint.url } : { name: endpoint.name, url: endpoint.url };
}
