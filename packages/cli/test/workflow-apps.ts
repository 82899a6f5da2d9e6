import { type ChildProcess, spawn } from "node:child_process";
import type { RunningEmulator } from "@stashkit/emulator";
import { freePort } from "@stashkit/testing";
import { afterEach } from "vitest";
import { cleanEnv, type Secrets } from "./cli.ts";

export { freePort };

const FIXTURE = new URL("./fixtures/workflow-app.mjs", import.meta.url).pathname;
const running: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
});

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill();
  await exited;
}

/** The deployed code of the tests: reserve, a day's cool-off, charge, a wait for approval, ship. */
export const OLD_STEPS = "run:reserve,sleep:cool-off,run:charge,wait:approval,run:ship";

/**
 * The fixture app (test/fixtures/workflow-app.mjs) in a process of its own, configured from its
 * environment as a deployed app is; stopped after the test. Answers its workflow URL.
 */
export async function startApp(
  steps: string,
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [FIXTURE], {
    env: cleanEnv({ STEPS: steps, ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the workflow app exited (${code}) before listening`)));
  });
  return { url, stop: () => stop(child) };
}

/** The old code wired to the emulator (the account), as it ran before the deploy. */
export function accountEnv(emulator: RunningEmulator, s: Secrets): Record<string, string> {
  return {
    QSTASH_URL: emulator.url,
    QSTASH_TOKEN: s.token,
    QSTASH_CURRENT_SIGNING_KEY: emulator.signingKeys.current,
    QSTASH_NEXT_SIGNING_KEY: emulator.signingKeys.next,
  };
}

/** Polls until `read` holds (a run reaching a sleep or a wait in real time). */
export async function until(read: () => boolean, what: string): Promise<void> {
  const giveUp = Date.now() + 30_000;
  while (!read()) {
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two runs of the old code in flight: one waiting for approval (its history: reserve, cool-off,
 * charge), one sleeping at cool-off (reserve). The old app is stopped afterwards.
 */
export async function runsInFlight(emulator: RunningEmulator, s: Secrets) {
  const old = await startApp(OLD_STEPS, accountEnv(emulator, s));
  const waiting = emulator.workflows.start(old.url, { body: { order: 1 } }).workflowRunId;
  await emulator.workflows.settle(waiting);
  const sleeping = emulator.workflows.start(old.url, { body: { order: 2 } }).workflowRunId;
  const stalled = (id: string) => emulator.workflows.summary(id).stalled ?? "";
  await until(() => stalled(sleeping).startsWith("sleeping"), "the sleep");
  await until(() => stalled(waiting).startsWith("waiting"), "the wait");
  await old.stop();
  return { url: old.url, waiting, sleeping };
}
