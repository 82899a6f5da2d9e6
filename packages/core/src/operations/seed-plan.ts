import { ConfigurationError } from "../errors/index.ts";
import { type CheckedSeedFile, checkSeedFiles, type SeedFileRules } from "../seed-files/read-seed-files.ts";
import { checkedTargetIndex, checkedWhen, type SeedWhen } from "./seed-search-index.ts";

/** What to put into an ensured index: the values as given (templates already filled). */
export interface SeedPlanInput {
  /** Seed file paths. */
  files: readonly string[];
  /** The SDK index written; undefined when not given (then `default`, or a clone's own names). */
  index?: string | undefined;
  cloneFrom?: string | undefined;
  cloneIndex?: string | undefined;
  when?: string | undefined;
  waitUntilIndexed?: boolean | undefined;
  /** Where a seed file's symbolic link may lead (an action's workspace); anywhere without it. */
  rules?: SeedFileRules | undefined;
}

/** The names the caller knows each value by, for messages: the action's inputs or the CLI's flags. */
export interface SeedPlanNames {
  files: string;
  index: string;
  cloneFrom: string;
  cloneIndex: string;
  when: string;
}

export const SEED_INPUT_NAMES: SeedPlanNames = {
  files: "seed-file",
  index: "seed-index",
  cloneFrom: "clone-from",
  cloneIndex: "clone-index",
  when: "seed-when",
};

/** A seed checked from end to end: every document of every file valid, the combination allowed. */
export interface SeedPlan {
  files: CheckedSeedFile[];
  /** The SDK index written (`default` when none was given). */
  index: string;
  /** The SDK index was given: a clone goes into it rather than into the source's names. */
  indexGiven: boolean;
  cloneFrom: string | undefined;
  cloneIndex: string | undefined;
  when: SeedWhen;
  waitUntilIndexed: boolean;
  names: SeedPlanNames;
}

/**
 * Checks a seed before anything is sent (every line of every file included) and returns it, or
 * undefined when nothing is to be seeded (no file and no clone source). A bad combination or a
 * bad line is a ConfigurationError naming the input, the file and the line.
 */
export async function checkSeedPlan(
  input: SeedPlanInput,
  names: SeedPlanNames = SEED_INPUT_NAMES,
): Promise<SeedPlan | undefined> {
  const cloneFrom = input.cloneFrom || undefined;
  const cloneIndex = input.cloneIndex || undefined;
  const index = input.index || undefined;
  if (input.files.length > 0 && cloneFrom !== undefined) {
    throw new ConfigurationError(
      names.cloneFrom,
      `give ${names.files} or ${names.cloneFrom}, not both: each fills the SDK index`,
    );
  }
  if (cloneIndex !== undefined && cloneFrom === undefined) {
    throw new ConfigurationError(
      names.cloneIndex,
      `${names.cloneIndex} names an SDK index of ${names.cloneFrom}: give ${names.cloneFrom} too`,
    );
  }
  if (cloneFrom !== undefined && index !== undefined && cloneIndex === undefined) {
    throw new ConfigurationError(
      names.index,
      `with ${names.cloneFrom}, ${names.index} needs ${names.cloneIndex}: the one SDK index copied into it`,
    );
  }
  const when = checkedWhenNamed(input.when, names.when);
  const target = checkedTargetIndex(index ?? "default", names.index);
  if (input.files.length === 0 && cloneFrom === undefined) return undefined;
  return {
    files: await checkSeedFiles(input.files, names.files, input.rules),
    index: target,
    indexGiven: index !== undefined,
    cloneFrom,
    cloneIndex,
    when,
    waitUntilIndexed: input.waitUntilIndexed ?? true,
    names,
  };
}

function checkedWhenNamed(when: string | undefined, name: string): SeedWhen {
  try {
    return checkedWhen(when || undefined);
  } catch {
    throw new ConfigurationError(name, `${name} must be "created" or "always", not ${JSON.stringify(when)}`);
  }
}
