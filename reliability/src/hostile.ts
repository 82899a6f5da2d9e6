import type { RunningEmulator } from "@stashkit/emulator";
import { type ActionRun, type ForwardProxyMode, startForwardProxy } from "@stashkit/testing";
import {
  type ActionName,
  ageIndexes,
  changeFirstIndex,
  credentialSecrets,
  indexSecrets,
  runBundle,
  withEmulator,
} from "./environment.ts";
import { check, errorLines, expectNoLeaks, type Scenario } from "./suite.ts";

const BASIC = `Basic ${Buffer.from("dev@stashkit.local:stashkit-emulator-api-key").toString("base64")}`;
const TOKEN = "stashkit-emulator-qstash-token";
/** The lines of stdout the runner reads as commands: after leading whitespace, `::` or `##[`, split at CR or LF. */
const COMMAND = /^\s*(::|##\[)/;
/** Commands the actions issue themselves; anything else on a command line came from a value. */
const OWN_COMMANDS = /^::(add-mask|error|warning|debug|group|endgroup)::/;

function commandLines(run: ActionRun): string[] {
  return run.stdout.split(/\r\n|\r|\n/).filter((line) => COMMAND.test(line));
}

/** No value from an input or an answer started a command of its own. */
function expectNoInjectedCommands(run: ActionRun): void {
  const injected = commandLines(run).filter((line) => !OWN_COMMANDS.test(line));
  check(injected.length === 0, `a value started a runner command: ${injected.join(" | ")}`);
}

async function createIndex(server: RunningEmulator, name: string, region = "eu-west-1"): Promise<void> {
  await fetch(`${server.url}/v2/search`, {
    method: "POST",
    headers: { authorization: BASIC },
    body: JSON.stringify({ name, region, type: "free" }),
  });
  // Created a minute ago, as an existing index is: finding it takes one request.
  ageIndexes(server, 60);
}

async function pausedQueue(server: RunningEmulator, queueName: string): Promise<void> {
  await fetch(`${server.url}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ queueName, parallelism: 1, paused: true }),
  });
}

interface HostileCase {
  name: string;
  action: ActionName;
  inputs: Record<string, string>;
  env?: Record<string, string>;
  setup?(server: RunningEmulator): Promise<void>;
  /** Throws when the run is not as it must be. */
  verify(run: ActionRun, server: RunningEmulator): void;
  timeoutMs?: number;
}

const failsWith = (run: ActionRun, says: RegExp) => {
  check(run.exitCode === 1, `expected exit 1, got ${run.exitCode}`);
  const lines = errorLines(run);
  check(lines.length === 1, `expected one ::error:: line, got ${lines.length}: ${lines.join(" | ")}`);
  check(says.test(lines[0] as string), `unexpected failure line: ${lines[0]}`);
};

const CASES: HostileCase[] = [
  {
    name: "ensure: an index id holding line breaks and commands is refused, not printed",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1" },
    async setup(server) {
      await createIndex(server, "shop");
      changeFirstIndex(server, {
        id: "id-1\n::set-env name=NODE_OPTIONS::x\n::add-mask::x\r::stop-commands::zz",
      });
    },
    verify(run) {
      expectNoInjectedCommands(run);
      failsWith(
        run,
        /list search indexes: GET \/v2\/search answered 200 with an unexpected body \(0\.id: not usable/,
      );
    },
  },
  {
    name: "ensure: a token holding a command substitution is refused, in no output and not in the env file",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1", "export-env": "true" },
    async setup(server) {
      await createIndex(server, "shop");
      changeFirstIndex(server, { token: "tok$(touch /tmp/stashkit-pwned)`id`'\"" });
    },
    verify(run) {
      failsWith(run, /answered 200 with an unexpected body \(token: not usable as a token/);
      check(run.outputs["token"] === undefined, "the token became an output");
      check(run.exportedEnv["UPSTASH_SEARCH_REST_TOKEN"] === undefined, "the token reached the env file");
    },
  },
  {
    name: "delete: a name that starts with :: is logged as a plain line",
    action: "delete",
    inputs: { name: "::add-mask::x" },
    async setup(server) {
      await createIndex(server, "::add-mask::x");
    },
    verify(run) {
      expectNoInjectedCommands(run);
      check(run.exitCode === 0, `expected success, got ${run.exitCode}: ${errorLines(run).join(" ")}`);
      check(run.stdout.includes("\\::add-mask::x ("), "the deleted line was not escaped");
    },
  },
  {
    name: "delete: a server id .. is refused before DELETE /v2/ is sent",
    action: "delete",
    inputs: { name: "shop" },
    async setup(server) {
      await createIndex(server, "shop");
      changeFirstIndex(server, { id: ".." });
    },
    verify(run, server) {
      failsWith(run, /answered 200 with an unexpected body \(0\.id: not usable as an id/);
      const deletes = server.requests.filter((r) => r.method === "DELETE");
      check(deletes.length === 0, `sent ${deletes.map((r) => r.path).join(", ")}`);
    },
  },
  {
    name: "ensure: a hostile region renders as text in the summary and stays in its warning block",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1", "on-mismatch": "warn" },
    async setup(server) {
      await createIndex(server, "shop");
      changeFirstIndex(server, { region: "![x](https://evil.example/t.png) <img src=x> | cell" });
    },
    verify(run) {
      check(run.exitCode === 0, `expected success, got ${run.exitCode}: ${errorLines(run).join(" ")}`);
      check(!/(^|[^\\])!\[/.test(run.summary), `an image renders in the summary: ${run.summary}`);
      check(!/(^|[^\\])<img/.test(run.summary), `a tag renders in the summary: ${run.summary}`);
      check(run.summary.includes("\\!\\[x\\]\\(https://evil.example/t.png\\)"), "the region is not escaped");
      const warning = run.summary.split("\n").indexOf("> [!WARNING]");
      check(warning >= 0, "no warning block");
      const next = run.summary.split("\n")[warning + 1] ?? "";
      check(next.startsWith("> ") && next.includes("evil.example"), `the warning left its block: ${next}`);
    },
  },
  {
    name: "ensure: a 128 KB 2xx that is not JSON fails fast with timeout-seconds 1",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1", "timeout-seconds": "1", "max-attempts": "1" },
    async setup(server) {
      server.inject("GET /v2/search", { kind: "status", status: 200, body: "a".repeat(128 * 1024) });
    },
    verify(run) {
      failsWith(run, /list search indexes: GET \/v2\/search answered 200 with a body that is not JSON/);
    },
    timeoutMs: 20_000,
  },
  {
    name: "ensure: an API message with the credentials across the 300-character cut shows none of them",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1", "max-attempts": "1" },
    async setup(server) {
      const pair = "dev@stashkit.local:stashkit-emulator-api-key";
      server.inject("GET /v2/search", {
        kind: "status",
        status: 400,
        body: { error: `${"e".repeat(285)}${pair}` },
      });
    },
    verify(run) {
      failsWith(run, /answered 400: e+/);
      const line = errorLines(run)[0] ?? "";
      check(!/dev@|stashkit-emu/.test(line), `part of a credential shows: ${line.slice(-60)}`);
    },
  },
  {
    name: "ensure: the Basic value echoed without padding and as base64url is masked",
    action: "ensure",
    inputs: { name: "shop", region: "eu-west-1", "max-attempts": "1" },
    async setup(server) {
      const pair = Buffer.from("dev@stashkit.local:stashkit-emulator-api-key");
      const echo = `${pair.toString("base64").replace(/=+$/, "")} ${pair.toString("base64url")} dev@stashkit.local`;
      server.inject("GET /v2/search", {
        kind: "status",
        status: 401,
        body: { error: `bad credentials: ${echo}` },
      });
    },
    verify(run) {
      failsWith(run, /answered 401: bad credentials: \*\*\* \*\*\* \*\*\*/);
    },
  },
  {
    name: "resume: a 500 with the token across the cut, retried, shows none of it",
    action: "resume",
    inputs: { "queue-name": "q1", "max-attempts": "2" },
    async setup(server) {
      await pausedQueue(server, "q1");
      const fault = { kind: "status" as const, status: 500, body: { error: `${"x".repeat(290)}${TOKEN}` } };
      server.inject("POST /v2/queues/:name/resume", fault, fault);
    },
    verify(run) {
      failsWith(run, /resume queue q1: POST \/v2\/queues\/q1\/resume answered 500: x+/);
      const shown = run.stdout
        .split("\n")
        .filter((l) => !l.startsWith("::add-mask::") && l.includes(TOKEN.slice(0, 8)));
      check(shown.length === 0, `part of the token shows: ${shown[0]?.slice(-60)}`);
    },
  },
];

/** A step behind a proxy that never answers, or refuses the credentials: it ends by itself, naming the proxy without its password. */
function proxyCase(mode: ForwardProxyMode): Scenario {
  const name =
    mode === "hang"
      ? "ensure through a proxy that never answers ends at its deadline"
      : "ensure through a proxy that refuses the credentials says so";
  return {
    section: "hostile answers",
    name,
    run: async () => {
      const proxy = await startForwardProxy({ mode });
      try {
        const host = proxy.url.replace("http://", "");
        const run = await runBundle(
          "ensure",
          "https://api.upstash.com",
          { name: "shop", region: "eu-west-1", "timeout-seconds": "2", "max-attempts": "2" },
          { env: { HTTPS_PROXY: `http://proxyuser:proxy-pa55word@${host}` }, timeoutMs: 9_000 },
        );
        expectNoLeaks(run, [...credentialSecrets(), "proxy-pa55word"]);
        check(run.exitCode !== null, "the step did not end by itself within timeout-seconds + 7 s");
        failsWith(
          run,
          mode === "hang"
            ? /list search indexes: GET \/v2\/search (did not finish before the deadline|got no complete answer)/
            : new RegExp(`the proxy ${host.replace(/\./g, "\\.")} refused the credentials`),
        );
        check(!run.stdout.includes("proxyuser"), "the proxy user shows");
      } finally {
        await proxy.stop();
      }
    },
  };
}

export function hostileScenarios(): Scenario[] {
  return [
    ...CASES.map(
      (hostile): Scenario => ({
        section: "hostile answers",
        name: hostile.name,
        run: () =>
          withEmulator({}, async (server) => {
            await hostile.setup?.(server);
            server.clearRequests();
            const run = await runBundle(hostile.action, server.url, hostile.inputs, {
              ...(hostile.env ? { env: hostile.env } : {}),
              timeoutMs: hostile.timeoutMs ?? 30_000,
            });
            expectNoLeaks(run, [...credentialSecrets(), ...indexSecrets(server)]);
            hostile.verify(run, server);
          }),
      }),
    ),
    proxyCase("hang"),
    proxyCase("refuse-credentials"),
  ];
}
