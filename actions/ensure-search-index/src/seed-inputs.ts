import { readBoolean, readChoice, readInput, type Step } from "@stashkit/action-kit";
import {
  type CheckedSeedFile,
  ConfigurationError,
  checkSeedFiles,
  SEED_WHEN,
  type SeedWhen,
} from "@stashkit/core";

/** What goes into the index after it is ensured: documents from files, or another index's. */
export interface SeedInputs {
  files: CheckedSeedFile[];
  /** The SDK index (namespace) written. */
  index: string;
  /** `seed-index` was given: a clone goes into it rather than into the source's names. */
  indexGiven: boolean;
  cloneFrom: string | undefined;
  cloneIndex: string | undefined;
  when: SeedWhen;
  waitUntilIndexed: boolean;
}

/**
 * Reads the seeding inputs and checks every document of every seed file, so that a bad line
 * fails the step before the index is created or anything is written.
 */
export async function readSeedInputs(step: Pick<Step<unknown>, "expandName">): Promise<SeedInputs> {
  // One path a line (a path may hold a comma).
  const paths = readInput("seed-file")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const rawIndex = readInput("seed-index");
  const cloneFrom = readInput("clone-from");
  const cloneIndex = readInput("clone-index");
  if (paths.length > 0 && cloneFrom !== "") {
    throw new ConfigurationError(
      "clone-from",
      "give seed-file or clone-from, not both: each fills the SDK index",
    );
  }
  if (cloneIndex !== "" && cloneFrom === "") {
    throw new ConfigurationError(
      "clone-index",
      "clone-index names an SDK index of clone-from: give clone-from too",
    );
  }
  if (cloneFrom !== "" && rawIndex !== "" && cloneIndex === "") {
    throw new ConfigurationError(
      "seed-index",
      "with clone-from, seed-index needs clone-index: the one SDK index copied into it",
    );
  }
  return {
    index: rawIndex === "" ? "default" : step.expandName(rawIndex, "seed-index"),
    indexGiven: rawIndex !== "",
    cloneFrom: cloneFrom === "" ? undefined : step.expandName(cloneFrom, "clone-from"),
    cloneIndex: cloneIndex === "" ? undefined : cloneIndex,
    when: readChoice("seed-when", SEED_WHEN, "created"),
    waitUntilIndexed: readBoolean("wait-until-indexed", true),
    // A link in the checked-out repository (a fork's pull request) may not lead out of it.
    files: await checkSeedFiles(paths, "seed-file", {
      workspace: process.env["GITHUB_WORKSPACE"] || process.cwd(),
    }),
  };
}
