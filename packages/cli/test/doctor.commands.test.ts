import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "@stashkit/emulator";
import { Receiver } from "@upstash/qstash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, cleanEnv, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";
import { accountEnv, OLD_STEPS, startApp, until } from "./workflow-apps.ts";

const s = secrets();
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await emulatorFor(s);
});
afterAll(() => emulator.stop());

/** The variables an app of the account has, the emulator's printed values. */
const appEnv = (extra: Record<string, string> = {}) => cleanEnv({ ...accountEnv(emulator, s), ...extra });

function expectNoSecrets(run: CliRun): void {
  for (const secret of [...credentialForms(s), emulator.signingKeys.current, emulator.signingKeys.next]) {
    expect(run.stdout + run.stderr).not.toContain(secret);
  }
}

async function doctor(args: string[], env = appEnv()): Promise<CliRun> {
  const run = await runCli(["doctor", ...args], env);
  expectNoSecrets(run);
  return run;
}

describe("stashkit doctor", () => {
  it("passes an app's settings for the emulator, in text and JSON, with no secret printed", async () => {
    const text = await doctor([]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      [
        "QStash settings (single-region):",
        `ok    token         QSTASH_TOKEN is accepted by ${emulator.url}, a stashkit emulator`,
        "ok    signing-keys  QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY are the account's current and next keys",
        "2 ok, 0 warnings, 0 failed.",
        "",
      ].join("\n"),
    );
    const json = JSON.parse((await doctor(["--format", "json"])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: true, mode: "single-region", probe: null, run: null, message: null });
  });

  it("fails signing keys that are not the account's, with exit 1", async () => {
    const run = await doctor(
      [],
      appEnv({ QSTASH_CURRENT_SIGNING_KEY: "sig_stale", QSTASH_NEXT_SIGNING_KEY: "sig_older" }),
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "fail  signing-keys  neither QSTASH_CURRENT_SIGNING_KEY nor QSTASH_NEXT_SIGNING_KEY is the key the account signs with: the app rejects every delivery",
    );
    expect(run.stderr).toBe("error: stashkit doctor: 1 check failed\n");
  });

  it("says why a run is not moving in the inspector's words, and what became of a message", async () => {
    const app = await startApp(OLD_STEPS, accountEnv(emulator, s));
    const { workflowRunId } = emulator.workflows.start(app.url);
    await until(
      () => (emulator.workflows.summary(workflowRunId).stalled ?? "").startsWith("sleeping"),
      "the sleep",
    );
    // What the inspector's page shows for the run: its overview's row.
    const overview = (await (await fetch(`${emulator.url}/__stashkit/inspector/overview`)).json()) as {
      workflowRuns: { rows: { id: string; stalled: string | null }[] };
    };
    const inspector = overview.workflowRuns.rows.find((row) => row.id === workflowRunId)?.stalled;
    expect(inspector).toMatch(/^sleeping until \d{4}-.*\(emulator clock\)$/);
    const json = JSON.parse((await doctor(["--run", workflowRunId, "--format", "json"])).stdout) as {
      run: { reason: { code: string; message: string }; next: { stepName: string; messageId: string }[] };
    };
    expect(json.run.reason).toEqual({ code: "sleeping", message: inspector });
    const text = await doctor(["--run", workflowRunId]);
    expect(text.stdout).toContain(
      `run ${workflowRunId} (${app.url}): RUN_STARTED, 1 step done, next: cool-off (SleepFor)\n  not moving: ${inspector} [sleeping]\n`,
    );
    const messageId = json.run.next[0]?.messageId ?? "";
    const message = await doctor(["--message", messageId]);
    expect(message.stdout).toContain(`message ${messageId}: pending: ${inspector} [sleeping]\n`);
    const missing = await doctor(["--run", "wfr_nowhere"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no workflow run wfr_nowhere in this account's logs");
  });

  it("probes an endpoint through QStash and with a forged signature", async () => {
    const receiver = new Receiver({
      currentSigningKey: emulator.signingKeys.current,
      nextSigningKey: emulator.signingKeys.next,
    });
    const endpoint = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const signature = String(req.headers["upstash-signature"] ?? "");
      const body = Buffer.concat(chunks).toString("utf8");
      const valid = await receiver.verify({ signature, body }).catch(() => false);
      res.writeHead(valid ? 200 : 401).end(valid ? "ok" : "bad signature");
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook?key=probe-query-secret`;
    try {
      const run = await doctor(["--probe", url]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^ok {4}probe +\[http:\/\/127\.0\.0\.1:\d+\/hook\?\*+\] QStash delivered message \S+ \(answered 200\)$/m,
      );
      expect(run.stdout).toContain("the endpoint refused a forged signature (401)");
      expect(run.stdout + run.stderr).not.toContain("probe-query-secret");
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });

  it("refuses bad flags and settings before sending anything", async () => {
    const before = emulator.requests.length;
    for (const [args, env, message] of [
      [["--probe", "ftp://x"], appEnv(), "--probe must be an http(s) URL; got a ftp: one"],
      [["--probe", "https://me:pw@x"], appEnv(), "--probe must not carry a user name or password"],
      [["--format", "markdown"], appEnv(), "--format must be one of text, json"],
      [["--probe-wait-seconds", "0"], appEnv(), "--probe-wait-seconds must be a whole number from 1 to 600"],
      [[], apiEnv(emulator, s, { QSTASH_URL: "not a url" }), "QSTASH_URL"],
    ] as const) {
      const run = await doctor([...args], env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(emulator.requests.length).toBe(before);
  });
});
