import { checkSeedFiles, refuseProtected, seedDocuments, seedSearchIndex } from "@stashkit/core";
import { preferSmallHeap, repeatedIdsWarning, SEED_WHEN } from "@stashkit/core/internal";
import { managementClient, searchDataClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty, oneOf } from "../options/common.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { readProtect } from "./protect.ts";
import type { SeedFlags } from "./search-seed.flags.ts";
import { writeProgress } from "./write-progress.ts";

/** `stashkit search seed`: the files checked from end to end first, then streamed in batches. */
export async function run(flags: SeedFlags, context: CommandContext): Promise<CommandResult> {
  const expand = nameExpander(flags, context.env);
  const name = expand(nonEmpty(flags.name, "--name"), "--name");
  const index = expand(flags.seedIndex ?? "default", "--seed-index");
  const when = oneOf(flags.seedWhen ?? "created", SEED_WHEN, "--seed-when");
  refuseProtected(readProtect(flags), name, { input: "--name", action: "seed" });
  const paths = flags.seedFile ?? [];
  if (paths.length === 0) throw new UsageError("--seed-file", "give at least one --seed-file");
  const files = await checkSeedFiles(paths, "--seed-file");
  // Said before the seed starts: the count it reports is of documents written, not kept.
  const repeated = repeatedIdsWarning(files, "--seed-file");
  if (repeated !== undefined) context.terminal.warn(repeated);
  const total = files.reduce((sum, file) => sum + file.documents, 0);
  const oneStep = `stashkit search ensure --name ${name} --seed-file ${paths[0]}`;
  const { data, index: database } = await searchDataClient(managementClient(flags, context), name, context, {
    flag: "--name",
    ifMissing: `create it first with "stashkit search ensure --name ${name}", or ensure and seed in one step: "${oneStep}"`,
  });
  const progress = writeProgress({
    label: `seeding ${name}/${index}`,
    total,
    env: context.env,
    quiet: context.common.quiet,
  });
  const writesPerSecond = database["max_writes_per_second"];
  preferSmallHeap();
  const result = await seedSearchIndex(data, {
    index,
    when,
    documents: seedDocuments(files, "--seed-file"),
    deadline: context.deadline,
    maxWritesPerSecond: typeof writesPerSecond === "number" ? writesPerSecond : 0,
    onProgress: (written) => progress.update(written),
  });
  progress.done();
  return {
    lines: [
      result.seeded
        ? `Seeded ${name} / ${index}: ${result.written} documents in ${result.batches} batches.`
        : `${name} / ${index} was seeded before (${result.finishedAt}): nothing written; --seed-when always writes again.`,
    ],
    json: () => ({ name, index, seeded: result.seeded, written: result.written }),
    fields: [{ env: "STASHKIT_SEEDED", output: "seeded", value: String(result.written) }],
    warnings: [],
  };
}
