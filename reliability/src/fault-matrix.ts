import { join } from "node:path";
import { type Fault, type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { DEFAULT_MESSAGING_TOKEN } from "@stashkit/emulator/internal";
import { type ActionRun, basicAuthorization, temporaryFolder } from "@stashkit/testing";
import { credentialSecrets, freePort, indexSecrets, runBundle, withEmulator } from "./environment.ts";
import { type Operation, outputsOf } from "./operation.ts";
import { SEED_OPERATIONS } from "./seed-operations.ts";
import { check, errorLines, expectNoLeaks, type Scenario } from "./suite.ts";

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

interface FaultKind {
  name: string;
  /** `count` faults of this kind, for the operation (body rewrites depend on it). */
  faults(count: number, operation: Operation): Fault[];
  onBody?: boolean;
  refused?: boolean;
  /** What the failure line says besides the operation. */
  failure: RegExp;
  timeoutSeconds?: number;
}

const status = (code: number, headers: () => Record<string, string> = () => ({})): FaultKind => ({
  name: `${code}`,
  faults: (count) =>
    Array.from({ length: count }, () => ({
      kind: "status",
      status: code,
      headers: headers(),
      body: { error: `upstream said ${code}` },
    })),
  failure: new RegExp(`answered ${code}: upstream said ${code}`),
});

export const FAULT_KINDS: FaultKind[] = [
  status(500),
  status(502),
  status(503),
  status(504),
  status(408),
  { ...status(429, () => ({ "retry-after": "1" })), name: "429 with Retry-After" },
  {
    ...status(429, () => ({ "burst-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 1) })),
    name: "429 with Burst-RateLimit-Reset",
  },
  {
    name: "connection reset",
    faults: (count) => Array.from({ length: count }, () => ({ kind: "reset" })),
    failure: /lost the connection to \S+: .+ \((UND_ERR_SOCKET|ECONNRESET)\)/,
  },
  { name: "connection refused", faults: () => [], refused: true, failure: /\(ECONNREFUSED\)/ },
  {
    name: "hang past the attempt timeout",
    faults: (count) => Array.from({ length: count }, () => ({ kind: "hang" })),
    failure: /got no complete answer within \d+ ms|did not finish before the deadline/,
    timeoutSeconds: 6,
  },
  {
    name: "malformed JSON",
    faults: (count) => Array.from({ length: count }, () => ({ kind: "malformed-json" })),
    onBody: true,
    failure: /answered 200 with a body that is not JSON/,
  },
  {
    name: "HTML error page",
    faults: (count) => Array.from({ length: count }, () => ({ kind: "html" })),
    failure: /answered 502: HTML error page: 502 Bad Gateway/,
  },
  {
    name: "missing required field",
    faults: (count, operation) =>
      Array.from({ length: count }, () => ({ kind: "missing-fields", fields: [operation.missingField] })),
    onBody: true,
    failure: /answered 200 with an unexpected body/,
  },
  {
    name: "extra unknown fields",
    faults: (count) =>
      Array.from({ length: count }, () => ({
        kind: "extra-fields",
        fields: { surprise: { nested: [1, 2] } },
      })),
    onBody: true,
    failure: /never fails/,
  },
];

type Variant = "transient" | "persistent";

/**
 * What a persistent fault must end in. Most fail the step; two are not failures at all: extra
 * fields are allowed, and an unreadable answer to a create is recovered by listing, since the
 * index does exist.
 */
function persistentSucceeds(kind: FaultKind, operation: Operation): boolean {
  if (kind.name === "extra unknown fields") return true;
  return operation.name === "ensure, creating" && kind.onBody === true;
}

/**
 * A create whose answer is unreadable and names no id cannot tell whether this run or a
 * concurrent one created the index it then finds; it reports created=false rather than claim it.
 */
function createdAfterFault(kind: FaultKind, operation: Operation): string {
  if (operation.action !== "ensure") return "";
  // Every ensure but "creating" finds an index made in setup.
  if (operation.name !== "ensure, creating") return "false";
  return kind.name === "malformed JSON" ? "false" : "true";
}

/**
 * A step run against faults, and the emulator it ran against, still serving: the caller reads its
 * state (a durable emulator's is closed once it stops), then calls `stop`.
 */
interface FaultRun {
  run: ActionRun;
  server: RunningEmulator | undefined;
  requests: string[];
  wrong?: string;
  stop(): Promise<void>;
}

async function runWithFaults(
  kind: FaultKind,
  operation: Operation,
  variant: Variant,
  debug: boolean,
): Promise<FaultRun> {
  const timeoutSeconds = kind.timeoutSeconds ?? 20;
  const inputs = {
    ...operation.inputs,
    "timeout-seconds": String(timeoutSeconds),
    ...(variant === "persistent" ? { "max-attempts": "3" } : {}),
  };
  // The harness kills a step only when it hangs: a loaded machine can take seconds to start and
  // stop one, so the margin is wide; a step that ends by itself costs no more for it.
  const limits = { timeoutMs: (timeoutSeconds + 30) * 1000, debug };

  if (kind.refused) {
    // Nothing listens at first; for the transient variant the emulator starts, with the
    // prepared state, as soon as the step logs its first refused connection.
    const port = await freePort();
    const dataFile = join(temporaryFolder("stashkit-refused-"), "state.json");
    const shape = await withEmulator({ dataFile }, async (server) => {
      await operation.setup(server);
      return operation.runMain?.(server);
    });
    let starting: Promise<RunningEmulator> | undefined;
    const run = await runBundle(operation.action, `http://127.0.0.1:${port}`, inputs, {
      ...limits,
      ...shape,
      onStdout: (chunk) => {
        if (variant === "transient" && !starting && chunk.includes("ECONNREFUSED")) {
          starting = startEmulator({ port, dataFile });
        }
      },
    });
    const server = starting ? await starting : undefined;
    const requests = server ? server.requests.map((r) => `${r.method} ${r.path}`) : [];
    // Checked while the emulator still serves: what the step wrote to the data plane.
    const wrong = server && run.exitCode === 0 ? await operation.verifyAsync?.(server) : undefined;
    const stop = async () => await server?.stop();
    return { run, server, requests, stop, ...(wrong === undefined ? {} : { wrong }) };
  }

  const server = await startEmulator();
  const stop = () => server.stop();
  try {
    await operation.setup(server);
    const shape = await operation.runMain?.(server);
    server.clearRequests();
    server.inject(
      kind.onBody ? operation.bodyRoute : operation.route,
      ...kind.faults(variant === "transient" ? 2 : 40, operation),
    );
    const run = await runBundle(operation.action, server.url, inputs, { ...limits, ...shape });
    const requests = server.requests.map((r) => `${r.method} ${r.path}`);
    const wrong = run.exitCode === 0 ? await operation.verifyAsync?.(server) : undefined;
    return { run, server, requests, stop, ...(wrong === undefined ? {} : { wrong }) };
  } catch (error) {
    await stop();
    throw error;
  }
}

function matrixScenario(kind: FaultKind, operation: Operation, variant: Variant, debug: boolean): Scenario {
  return {
    section: debug ? "fault matrix, debug logging" : "fault matrix",
    name: `${kind.name} × ${operation.name} (${variant})`,
    async run() {
      const faulted = await runWithFaults(kind, operation, variant, debug);
      try {
        checkMatrixRun(kind, operation, variant, faulted);
      } finally {
        await faulted.stop();
      }
    },
  };
}

function checkMatrixRun(kind: FaultKind, operation: Operation, variant: Variant, faulted: FaultRun): void {
  const { run, server, wrong: wrongData } = faulted;
  expectNoLeaks(run, [...credentialSecrets(), ...(server ? indexSecrets(server) : [])]);
  check(run.exitCode !== null, `the step did not end by itself within timeout-seconds + 30 s`);
  const succeeds = variant === "transient" || persistentSucceeds(kind, operation);
  if (succeeds) {
    check(run.exitCode === 0, `expected success, got exit ${run.exitCode}: ${errorLines(run).join(" ")}`);
    check(server !== undefined, "no emulator state to compare with");
    const expected = operation.expectedOutputs(server, createdAfterFault(kind, operation));
    if (operation.action === "resume") delete expected["created"];
    check(
      JSON.stringify(run.outputs) ===
        JSON.stringify(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== ""))),
      `outputs differ from a clean run: ${JSON.stringify(run.outputs)} vs ${JSON.stringify(expected)}`,
    );
    const wrong = operation.verify?.(server) ?? wrongData;
    check(wrong === undefined, `${wrong}`);
    return;
  }
  check(run.exitCode === 1, `expected exit 1, got ${run.exitCode}`);
  const lines = errorLines(run);
  check(lines.length === 1, `expected one ::error:: line, got ${lines.length}`);
  const line = lines[0] as string;
  check(operation.label.test(line), `the line does not name the operation: ${line}`);
  check(kind.failure.test(line), `the line does not say what failed (${kind.failure}): ${line}`);
}

const NON_RETRYABLE = [400, 401, 403, 404, 409];

function nonRetryableScenario(code: number, operation: Operation, debug: boolean): Scenario {
  return {
    section: debug ? "fault matrix, debug logging" : "fault matrix",
    name: `${code} × ${operation.name} (not retried)`,
    async run() {
      const kind = status(code);
      const faulted = await runWithFaults(kind, operation, "persistent", debug);
      const { run, server, requests } = faulted;
      const secrets = server ? indexSecrets(server) : [];
      await faulted.stop();
      expectNoLeaks(run, [...credentialSecrets(), ...secrets]);
      if (code === 404 && operation.notFoundSucceeds) {
        check(run.exitCode === 0, `expected a warning and exit 0, got exit ${run.exitCode}`);
        check(
          /::warning::queue q\d not found; deleted since the pause step/.test(run.stdout),
          "no warning says the queue is gone",
        );
        return;
      }
      check(run.exitCode === 1, `expected exit 1, got ${run.exitCode}`);
      // The transport never repeats the request: no method and path follow themselves.
      const repeated = requests.find(
        (request, i) => i > 0 && requests[i - 1] === request && request !== operation.mayRepeat,
      );
      check(repeated === undefined, `${repeated} was sent again right away: ${requests.join(", ")}`);
      check(errorLines(run).length === 1, "expected one ::error:: line");
    },
  };
}

export function faultMatrix(debug: boolean): Scenario[] {
  const scenarios: Scenario[] = [];
  for (const operation of OPERATIONS) {
    for (const kind of FAULT_KINDS) {
      scenarios.push(matrixScenario(kind, operation, "transient", debug));
      scenarios.push(matrixScenario(kind, operation, "persistent", debug));
    }
    for (const code of NON_RETRYABLE) scenarios.push(nonRetryableScenario(code, operation, debug));
  }
  return scenarios;
}
