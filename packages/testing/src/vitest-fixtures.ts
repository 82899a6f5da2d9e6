// Fixtures for vitest suites; a separate entry (`@stashkit/testing/vitest`) so that scripts
// which are not tests (the reliability suite, the benchmark, the demo) never load vitest.
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { afterEach } from "vitest";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Runs `cleanup` after the current test, pass or fail. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** An emulator on an ephemeral loopback port, stopped after the test. */
export async function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const server = await startEmulator(options);
  onCleanup(() => server.stop());
  return server;
}
