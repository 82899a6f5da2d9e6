// The operations the fault matrix runs: each action's requests, with the route a fault is put on,
// the state it starts from and the outputs it must end with.
import type { RunningEmulator } from "@stashkit/emulator";
import { DEFAULT_MESSAGING_TOKEN } from "@stashkit/emulator/internal";
import { basicAuthorization } from "@stashkit/testing";
import { runBundle } from "./environment.ts";
import { type Operation, outputsOf } from "./operation.ts";
import { SEED_OPERATIONS } from "./seed-operations.ts";

const TOKEN = DEFAULT_MESSAGING_TOKEN;
const RESUME_ROUTE = "POST /v2/queues/:name/resume";

async function pausedQueues(server: RunningEmulator, names: string[], paused = true): Promise<void> {
  for (const queueName of names) {
    await fetch(`${server.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ queueName, parallelism: 1, paused }),
    });
  }
}

async function labelledSchedules(server: RunningEmulator, ids: string[]): Promise<void> {
  for (const id of ids) {
    await fetch(`${server.url}/v2/schedules/https://app.example/${id}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TOKEN}`,
        "upstash-cron": "0 3 * * *",
        "upstash-schedule-id": id,
        "upstash-label": "deploy-window",
      },
    });
  }
}

const pausedJson = (kind: string, names: string[]) => JSON.stringify(names.map((name) => ({ kind, name })));

function pauseQueuesOperation(name: string, route: string): Operation {
  const queues = ["q1", "q2"];
  return {
    name,
    action: "pause",
    route,
    bodyRoute: "GET /v2/queues/:name",
    missingField: "paused",
    inputs: { "queue-name": queues.join(","), "max-attempts": "5" },
    async setup(server) {
      await pausedQueues(server, queues, false);
    },
    expectedOutputs: () => ({ paused: pausedJson("queue", queues), "already-paused": "[]" }),
    verify: (server) =>
      Object.values(server.state.queues).every((q) => q.paused) ? undefined : "a queue is not paused",
    label: /(pause|get) queue q\d: (POST|GET) \/v2\/queues\/q\d/,
  };
}

const PAUSE_OPERATIONS: Operation[] = [
  pauseQueuesOperation("pause queues", "POST /v2/queues/:name/pause"),
  pauseQueuesOperation("pause queues, the read before", "GET /v2/queues/:name"),
  {
    name: "pause schedules by label",
    action: "pause",
    route: "POST /v2/schedules/:id/pause",
    bodyRoute: "GET /v2/schedules",
    missingField: "isPaused",
    inputs: { "schedule-label": "deploy-window", "max-attempts": "5" },
    async setup(server) {
      await labelledSchedules(server, ["s1", "s2"]);
    },
    expectedOutputs: () => ({ paused: pausedJson("schedule", ["s1", "s2"]), "already-paused": "[]" }),
    verify: (server) =>
      Object.values(server.state.schedules).every((s) => s.isPaused) ? undefined : "a schedule is not paused",
    label: /(pause schedule s\d: POST \/v2\/schedules\/s\d\/pause|list schedules: GET \/v2\/schedules)/,
  },
  {
    name: "pause-queue post step",
    action: "pause",
    route: "POST /v2/queues/:name/resume",
    bodyRoute: "GET /v2/queues/:name",
    missingField: "paused",
    inputs: { "queue-name": "q1,q2,held", "resume-after-job": "always", "max-attempts": "5" },
    async setup(server) {
      await pausedQueues(server, ["q1", "q2"], false);
      await pausedQueues(server, ["held"], true);
    },
    async runMain(server) {
      const main = await runBundle("pause", server.url, {
        "queue-name": "q1,q2,held",
        "resume-after-job": "always",
      });
      if (main.exitCode !== 0) throw new Error(`the main step failed: ${main.stdout}`);
      return { phase: "post", reuseDir: main.dir };
    },
    expectedOutputs: () => ({}),
    verify: (server) => {
      const { q1, q2, held } = server.state.queues;
      if (q1?.paused !== false || q2?.paused !== false) return "a queue the step paused is still paused";
      return held?.paused === true ? undefined : "the queue paused before the step was resumed";
    },
    notFoundSucceeds: true,
    label: /(resume|get) queue q\d: (POST|GET) \/v2\/queues\/q\d/,
  },
];

function resumeOperation(name: string, queues: string[]): Operation {
  return {
    name,
    action: "resume",
    route: RESUME_ROUTE,
    bodyRoute: "GET /v2/queues/:name",
    missingField: "paused",
    inputs: { "queue-name": queues.join(","), "max-attempts": "5" },
    async setup(server) {
      await pausedQueues(server, queues);
    },
    expectedOutputs: (server) => ({
      resumed: JSON.stringify(queues),
      "resumed-targets": pausedJson("queue", queues),
      endpoint: server.url,
      token: TOKEN,
    }),
    label: /(resume|get) queue q\d: (POST|GET) \/v2\/queues\/q\d/,
  };
}

function indexOutputs(server: RunningEmulator, created: string): Record<string, string> {
  if (server.state.indexes.length !== 1) return { error: `${server.state.indexes.length} indexes exist` };
  return outputsOf(server, "shop", created, "0");
}

const ensureInputs = { name: "shop", region: "eu-west-1", "max-attempts": "5" };

export const OPERATIONS: Operation[] = [
  ...PAUSE_OPERATIONS,
  ...SEED_OPERATIONS,
  resumeOperation("resume one queue", ["q1"]),
  resumeOperation("resume several queues", ["q1", "q2", "q3"]),
  {
    name: "ensure, index exists",
    action: "ensure",
    route: "GET /v2/search",
    bodyRoute: "GET /v2/search",
    missingField: "endpoint",
    inputs: ensureInputs,
    async setup(server) {
      await fetch(`${server.url}/v2/search`, {
        method: "POST",
        headers: { authorization: basicAuthorization(server.account) },
        body: JSON.stringify({ name: "shop", region: "eu-west-1", type: "free" }),
      });
      // Created a minute ago, as an existing index is: finding it then takes one request.
      for (const entry of server.indexes.list()) {
        server.indexes.put({
          ...entry,
          index: { ...entry.index, creation_time: entry.index.creation_time - 60 },
        });
      }
    },
    expectedOutputs: indexOutputs,
    label: /list search indexes: GET \/v2\/search/,
  },
  {
    name: "ensure, creating",
    action: "ensure",
    route: "POST /v2/search",
    bodyRoute: "POST /v2/search",
    missingField: "token",
    inputs: ensureInputs,
    setup: async () => {},
    expectedOutputs: indexOutputs,
    label: /(create search index shop: POST|list search indexes: GET) \/v2\/search/,
  },
];
