import { join } from "node:path";
import { type Fault, type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { type ActionRun, temporaryFolder } from "@stashkit/testing";
import { credentialSecrets, freePort, indexSecrets, runBundle, withEmulator } from "./environment.ts";
import { OPERATIONS } from "./fault-operations.ts";
import type { Operation } from "./operation.ts";
import { check, errorLines, expectNoLeaks, type Scenario } from "./suite.ts";

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

/**
 * Nothing listens at first; for the transient variant the emulator starts, with the prepared
 * state, as soon as the step logs its first refused connection.
 */
async function runRefused(
  operation: Operation,
  variant: Variant,
  inputs: Record<string, string>,
  limits: { timeoutMs: number; debug: boolean },
): Promise<FaultRun> {
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

  if (kind.refused) return runRefused(operation, variant, inputs, limits);
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
