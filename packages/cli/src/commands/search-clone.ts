import { cloneSearchIndex, refuseProtected } from "@stashkit/core";
import { preferSmallHeap, SEED_WHEN } from "@stashkit/core/internal";
import { managementClient, searchDataClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty, oneOf } from "../options/common.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { readProtect } from "./protect.ts";
import type { CloneFlags } from "./search-clone.flags.ts";
import { writeProgress } from "./write-progress.ts";

/** `stashkit search clone`: every SDK index of --clone-from (or --clone-index) into --name. */
export async function run(flags: CloneFlags, context: CommandContext): Promise<CommandResult> {
  const expand = nameExpander(flags, context.env);
  const from = expand(nonEmpty(flags.cloneFrom, "--clone-from"), "--clone-from");
  const to = expand(nonEmpty(flags.name, "--name"), "--name");
  const when = oneOf(flags.seedWhen ?? "created", SEED_WHEN, "--seed-when");
  const only = flags.cloneIndex;
  if (flags.seedIndex !== undefined && only === undefined)
    throw new UsageError(
      "--seed-index",
      "--seed-index needs --clone-index: the one SDK index copied into it",
    );
  const into = flags.seedIndex === undefined ? {} : { into: expand(flags.seedIndex, "--seed-index") };
  // --clone-from may be protected: it is only read, with its read-only token.
  refuseProtected(readProtect(flags), to, { input: "--name", action: "clone into" });
  const management = managementClient(flags, context);
  const source = await searchDataClient(management, from, context, { flag: "--clone-from", readOnly: true });
  const target = await searchDataClient(management, to, context, {
    flag: "--name",
    ifMissing: oneStep(to, from),
  });
  const info = await source.data.info({ deadline: context.deadline });
  const progress = writeProgress({
    label: `cloning ${from} into ${to}`,
    total: only === undefined ? info.vectorCount : info.namespaces[only]?.vectorCount,
    env: context.env,
    quiet: context.common.quiet,
  });
  const onProgress = runningTotal((total) => progress.update(total));
  preferSmallHeap();
  const result = await cloneSearchIndex(source.data, target.data, {
    ...(only === undefined ? {} : { indexes: [only] }),
    ...into,
    when,
    deadline: context.deadline,
    onProgress,
  });
  progress.done();
  return {
    lines: [
      ...result.indexes.map((entry) =>
        entry.seeded
          ? `${entry.from} -> ${entry.index}: ${entry.written} documents.`
          : `${entry.from} -> ${entry.index}: copied before, nothing written.`,
      ),
      `Cloned ${from} into ${to}: ${result.written} documents.`,
    ],
    json: () => ({
      from,
      to,
      written: result.written,
      indexes: result.indexes.map(({ from: f, index, written }) => ({ from: f, index, written })),
    }),
    fields: [{ env: "STASHKIT_SEEDED", output: "seeded", value: String(result.written) }],
    warnings: [],
  };
}

/** What to do about a missing --name: create it, or let ensure create and fill it at once. */
function oneStep(to: string, from: string): string {
  return `create it first with "stashkit search ensure --name ${to}", or ensure and clone in one step: "stashkit search ensure --name ${to} --clone-from ${from}"`;
}

/** Per SDK index counts as one running total: what the indexes finished before wrote, plus the current one's. */
function runningTotal(update: (total: number) => void): (index: string, written: number) => void {
  let before = 0;
  let current = "";
  let lastWritten = 0;
  return (index, written) => {
    if (index !== current) {
      before += lastWritten;
      current = index;
    }
    lastWritten = written;
    update(before + written);
  };
}
