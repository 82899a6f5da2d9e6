// The requests `unit-of-work-model.test.ts` sends at random, and a model of what the ones that
// succeed leave behind: queues and their messages, messages outside queues, URL groups,
// schedules, search indexes and their documents, and the message log. Every message is delayed a
// day, so nothing is delivered while a sequence runs.
import fc from "fast-check";
import type { EmulatorState, RunningEmulator } from "../src/index.ts";

const QUEUES = ["q1", "q2", "q3"] as const;
const GROUPS = ["g1", "g2"] as const;
const URLS = ["http://127.0.0.1:9/a", "http://127.0.0.1:9/b"] as const;
const SCHEDULES = ["s1", "s2"] as const;
const DOCUMENTS = ["d1", "d2", "d3"] as const;
const DELAYED = { "Upstash-Delay": "1d" };

/** Where a batch entry goes: a queue, a URL group (into a queue or not), or a group that is not there. */
const batchEntry = fc.oneof(
  fc.record({ to: fc.constant("url" as const), queue: fc.constantFrom(...QUEUES) }),
  fc.record({
    to: fc.constant("group" as const),
    group: fc.constantFrom(...GROUPS),
    queue: fc.option(fc.constantFrom(...QUEUES), { nil: undefined }),
  }),
  fc.record({ to: fc.constant("missing" as const) }),
);

const action = fc.oneof(
  fc.record({
    kind: fc.constant("upsertQueue" as const),
    queue: fc.constantFrom(...QUEUES),
    paused: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom("pause" as const, "resume" as const, "deleteQueue" as const),
    queue: fc.constantFrom(...QUEUES),
  }),
  fc.record({ kind: fc.constant("enqueue" as const), queue: fc.constantFrom(...QUEUES) }),
  fc.record({
    kind: fc.constant("batch" as const),
    entries: fc.array(batchEntry, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constantFrom("addEndpoint" as const, "removeEndpoint" as const),
    group: fc.constantFrom(...GROUPS),
    url: fc.constantFrom(...URLS),
  }),
  fc.record({
    kind: fc.constantFrom("createSchedule" as const, "deleteSchedule" as const),
    schedule: fc.constantFrom(...SCHEDULES),
  }),
  fc.record({ kind: fc.constant("createIndex" as const), name: fc.constantFrom("i1", "i2") }),
  fc.record({ kind: fc.constant("deleteIndex" as const), which: fc.nat(3) }),
  fc.record({
    kind: fc.constant("upsertDocuments" as const),
    which: fc.nat(3),
    ids: fc.subarray([...DOCUMENTS], { minLength: 1 }),
  }),
);

type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** One request, and where it fails: at its n-th store call (or at its end), or not at all. */
export type Command = Action & { failAt?: number };

export const commandArbitrary: fc.Arbitrary<Command> = fc
  .tuple(action, fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined, freq: 3 }))
  .map(([chosen, failAt]) => (failAt === undefined ? chosen : { ...chosen, failAt }));

export interface Answer {
  status: number;
  json: unknown;
}

interface ModelIndex {
  id: string;
  name: string;
  endpoint: string;
  token: string;
  documents: Set<string>;
}

interface ModelState {
  queues: Map<string, { paused: boolean; messages: string[] }>;
  outside: string[];
  groups: Map<string, string[]>;
  schedules: Set<string>;
  indexes: ModelIndex[];
  events: string[];
}

/** What the model compares: the same facts read from the emulator's state. */
function facts(state: EmulatorState) {
  return {
    queues: Object.fromEntries(
      Object.entries(state.queues).map(([name, queue]) => [
        name,
        { paused: queue.paused, messages: queue.messages.map((m) => m.id) },
      ]),
    ),
    outside: state.messages.map((message) => message.id),
    groups: Object.fromEntries(
      Object.entries(state.urlGroups).map(([name, group]) => [name, group.endpoints.map((e) => e.url)]),
    ),
    schedules: Object.keys(state.schedules).sort(),
    indexes: state.indexes.map((entry) => entry.index.id).sort(),
    documents: Object.fromEntries(
      Object.entries(state.searchDocuments).map(([id, namespaces]) => [
        id,
        (namespaces[""] ?? []).map((d) => d.id).sort(),
      ]),
    ),
    events: state.messageEvents.map((event) => event.messageId),
  };
}

export type Model = ReturnType<typeof modelOf>;

export function modelOf() {
  const state: ModelState = {
    queues: new Map(),
    outside: [],
    groups: new Map(),
    schedules: new Set(),
    indexes: [],
    events: [],
  };
  const queue = (name: string) => {
    let found = state.queues.get(name);
    if (found === undefined) {
      found = { paused: false, messages: [] };
      state.queues.set(name, found);
    }
    return found;
  };
  const accepted = (id: string, queueName: string | undefined) => {
    if (queueName === undefined) state.outside.push(id);
    else queue(queueName).messages.push(id);
    state.events.push(id);
  };
  return {
    state,
    /** The index a command picks among those there now. */
    index: (which: number): ModelIndex | undefined =>
      state.indexes[which % Math.max(1, state.indexes.length)],
    apply(command: Command, answer: Answer): void {
      if (answer.status >= 400) return;
      applied(command, answer, {
        state,
        queue,
        accepted,
        index: (w) => state.indexes[w % Math.max(1, state.indexes.length)],
      });
    },
    view: facts,
    expected() {
      return {
        queues: Object.fromEntries(
          [...state.queues].map(([name, q]) => [name, { paused: q.paused, messages: q.messages }]),
        ),
        outside: state.outside,
        groups: Object.fromEntries(state.groups),
        schedules: [...state.schedules].sort(),
        indexes: state.indexes.map((index) => index.id).sort(),
        documents: Object.fromEntries(
          state.indexes.filter((i) => i.documents.size > 0).map((i) => [i.id, [...i.documents].sort()]),
        ),
        events: state.events,
      };
    },
  };
}

interface Helpers {
  state: ModelState;
  queue(name: string): { paused: boolean; messages: string[] };
  accepted(id: string, queueName: string | undefined): void;
  index(which: number): ModelIndex | undefined;
}

/** What a request that succeeded did, as the API documents it. */
function applied(command: Command, answer: Answer, model: Helpers): void {
  const { state } = model;
  switch (command.kind) {
    case "upsertQueue":
      model.queue(command.queue).paused = command.paused;
      return;
    case "pause":
    case "resume":
      model.queue(command.queue).paused = command.kind === "pause";
      return;
    case "deleteQueue":
      state.queues.delete(command.queue);
      return;
    case "enqueue":
      model.accepted((answer.json as { messageId: string }).messageId, command.queue);
      return;
    case "batch":
      (answer.json as unknown[]).forEach((result, at) => {
        const entry = command.entries[at];
        const queueName = entry?.to === "missing" ? undefined : entry?.queue;
        for (const one of Array.isArray(result) ? result : [result])
          model.accepted((one as { messageId: string }).messageId, queueName);
      });
      return;
    case "addEndpoint": {
      const kept = (state.groups.get(command.group) ?? []).filter((url) => url !== command.url);
      state.groups.set(command.group, [...kept, command.url]);
      return;
    }
    case "removeEndpoint": {
      const kept = (state.groups.get(command.group) ?? []).filter((url) => url !== command.url);
      if (kept.length === 0) state.groups.delete(command.group);
      else state.groups.set(command.group, kept);
      return;
    }
    case "createSchedule":
      state.schedules.add(command.schedule);
      return;
    case "deleteSchedule":
      state.schedules.delete(command.schedule);
      return;
    case "createIndex": {
      const made = answer.json as { id: string; name: string; endpoint: string; token: string };
      state.indexes.push({ ...made, endpoint: made.endpoint.split("/").at(-1) ?? "", documents: new Set() });
      return;
    }
    case "deleteIndex": {
      const gone = model.index(command.which);
      state.indexes = state.indexes.filter((index) => index !== gone);
      return;
    }
    case "upsertDocuments":
      for (const id of command.ids) model.index(command.which)?.documents.add(id);
      return;
  }
}

/** Sends a command as a client would. */
export async function send(server: RunningEmulator, model: Model, command: Command): Promise<Answer> {
  const messagingHeaders = {
    authorization: `Bearer ${server.messagingToken}`,
    "content-type": "application/json",
  };
  const call = async (path: string, init: RequestInit): Promise<Answer> => {
    const response = await fetch(`${server.url}${path}`, init);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json };
  };
  const messaging = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method,
      headers: { ...messagingHeaders, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const account = `Basic ${Buffer.from(`${server.account.email}:${server.account.apiKey}`).toString("base64")}`;
  switch (command.kind) {
    case "upsertQueue":
      return messaging("POST", "/v2/queues", { queueName: command.queue, paused: command.paused });
    case "pause":
    case "resume":
      return messaging("POST", `/v2/queues/${command.queue}/${command.kind}`);
    case "deleteQueue":
      return messaging("DELETE", `/v2/queues/${command.queue}`);
    case "enqueue":
      return messaging("POST", `/v2/enqueue/${command.queue}/${URLS[0]}`, "hello", DELAYED);
    case "batch":
      return messaging(
        "POST",
        "/v2/batch",
        command.entries.map((entry) => {
          if (entry.to === "missing") return { destination: "no-such-group", headers: DELAYED };
          const destination = entry.to === "url" ? URLS[1] : entry.group;
          return {
            destination,
            headers: DELAYED,
            ...(entry.queue === undefined ? {} : { queue: entry.queue }),
          };
        }),
      );
    case "addEndpoint":
    case "removeEndpoint":
      return messaging(
        command.kind === "addEndpoint" ? "POST" : "DELETE",
        `/v2/topics/${command.group}/endpoints`,
        {
          endpoints: [{ url: command.url }],
        },
      );
    case "createSchedule":
      return messaging("POST", `/v2/schedules/${URLS[0]}`, "tick", {
        "Upstash-Cron": "0 0 1 1 *",
        "Upstash-Schedule-Id": command.schedule,
      });
    case "deleteSchedule":
      return messaging("DELETE", `/v2/schedules/${command.schedule}`);
    case "createIndex":
      return call("/v2/search", {
        method: "POST",
        headers: { authorization: account, "content-type": "application/json" },
        body: JSON.stringify({ name: command.name, region: "eu-west-1", type: "free" }),
      });
    case "deleteIndex": {
      const index = model.index(command.which);
      return call(`/v2/search/${index?.id ?? "none"}`, {
        method: "DELETE",
        headers: { authorization: account },
      });
    }
    case "upsertDocuments": {
      const index = model.index(command.which);
      if (index === undefined) return { status: 404, json: "no index to upsert into" };
      return call(`/search/${index.endpoint}/upsert-data`, {
        method: "POST",
        headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
        body: JSON.stringify(command.ids.map((id) => ({ id, content: { text: `text of ${id}` } }))),
      });
    }
  }
}
