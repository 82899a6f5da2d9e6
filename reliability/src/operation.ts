import type { RunningEmulator } from "@stashkit/emulator";
import type { RunActionOptions } from "@stashkit/testing";
import type { ActionName } from "./environment.ts";

/** How a scenario's step runs: the post step carries the state of a main step run in setup. */
export type RunShape = Pick<RunActionOptions, "phase" | "reuseDir">;

export interface Operation {
  name: string;
  action: ActionName;
  /** Where request-level faults go (statuses, resets, hangs, HTML pages). */
  route: string;
  /** Where body rewrites go: the first answer whose body the step reads. */
  bodyRoute: string;
  missingField: string;
  inputs: Record<string, string>;
  setup(server: RunningEmulator): Promise<void>;
  /** For a post step: runs the main step once the emulator is set up, and says how to run the post. */
  runMain?(server: RunningEmulator): Promise<RunShape>;
  /** The outputs of a clean run, read from the emulator's state afterwards. */
  expectedOutputs(server: RunningEmulator, created: string): Record<string, string>;
  /** What the emulator's state must show after a successful run, besides the outputs; a reason when it does not. */
  verify?(server: RunningEmulator): string | undefined;
  /** A request the step sends twice in a row by design (not a retry), e.g. two listings. */
  mayRepeat?: string;
  /** The same, for a check that asks the emulator over HTTP (the documents a seed wrote). */
  verifyAsync?(server: RunningEmulator): Promise<string | undefined>;
  /** A 404 is a warning here, not a failure (the post step: something it paused is gone). */
  notFoundSucceeds?: boolean;
  /** What the failure line must name: the operation, method and path. */
  label: RegExp;
}

/** The outputs of a clean ensure of the index `name`, read from the emulator's state. */
export function outputsOf(
  server: RunningEmulator,
  name: string,
  created: string,
  seeded: string,
): Record<string, string> {
  const index = server.state.indexes.find((entry) => entry.index.name === name)?.index;
  if (!index) return { error: `no index ${name}` };
  // The emulator gives the endpoint as its data plane's URL, which rest-url passes through.
  const dataPlane = `${server.url}/search/${index.endpoint}`;
  return {
    id: index.id,
    name: index.name,
    region: index.region,
    type: index.type,
    endpoint: dataPlane,
    "rest-url": dataPlane,
    token: index.token,
    "read-only-token": index.read_only_token,
    created,
    seeded,
  };
}
