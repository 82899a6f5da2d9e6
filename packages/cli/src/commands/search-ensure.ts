import {
  checkSeedPlan,
  type EnsureResult,
  ensureAndSeedSearchIndex,
  refuseProtected,
  restUrl,
  type SeedPlanNames,
  type SeedReport,
} from "@stashkit/core";
import {
  ensureResultFields,
  repeatedIdsWarning,
  SEARCH_PLANS,
  SEED_WHEN,
  validatePlan,
  validateRegion,
} from "@stashkit/core/internal";
import { dataPlaneOptions, managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { booleanFlag, nonEmpty, oneOf } from "../options/common.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { readProtect } from "./protect.ts";
import type { EnsureFlags } from "./search-ensure.flags.ts";
import { writeProgress } from "./write-progress.ts";

/** The seed flags, by the names core's seed rules say them with. */
const SEED_FLAG_NAMES: SeedPlanNames = {
  files: "--seed-file",
  index: "--seed-index",
  cloneFrom: "--clone-from",
  cloneIndex: "--clone-index",
  when: "--seed-when",
};

/**
 * `stashkit search ensure`: the race-safe ensure of the actions, one index per name, and in the
 * same step (as the action) a seed from files or a clone of another index, by core's one
 * operation. Every flag and every seed file line is checked before anything is sent.
 */
export async function run(flags: EnsureFlags, context: CommandContext): Promise<CommandResult> {
  const expand = nameExpander(flags, context.env);
  const name = expand(nonEmpty(flags.name, "--name"), "--name");
  const region = validateRegion(flags.region ?? "us-central1", "--region");
  const type = validatePlan(oneOf(flags.type ?? "free", SEARCH_PLANS, "--type"), "--type");
  const onMismatch = oneOf(flags.onMismatch ?? "fail", ["fail", "warn"] as const, "--on-mismatch");
  const protect = readProtect(flags);
  refuseProtected(protect, name, { input: "--name", action: "ensure" });
  const seed = await checkSeedPlan(
    {
      files: flags.seedFile ?? [],
      index: flags.seedIndex === undefined ? undefined : expand(flags.seedIndex, "--seed-index"),
      cloneFrom: flags.cloneFrom === undefined ? undefined : expand(flags.cloneFrom, "--clone-from"),
      cloneIndex: flags.cloneIndex,
      when: oneOf(flags.seedWhen ?? "created", SEED_WHEN, "--seed-when"),
      waitUntilIndexed: booleanFlag(flags.waitUntilIndexed, "--wait-until-indexed", true),
    },
    SEED_FLAG_NAMES,
  );
  const repeated = seed === undefined ? undefined : repeatedIdsWarning(seed.files, "--seed-file");
  if (repeated !== undefined) context.terminal.warn(repeated);
  const client = managementClient(flags, context);
  const progress = writeProgress({
    label: `seeding ${name}`,
    total: seed?.files.reduce((sum, file) => sum + file.documents, 0) || undefined,
    env: context.env,
    quiet: context.common.quiet,
  });
  const result = await ensureAndSeedSearchIndex(client, {
    name,
    nameInput: "--name",
    onMismatchInput: "--on-mismatch",
    region,
    type,
    onMismatch,
    protect,
    seed,
    deadline: context.deadline,
    dataOptions: dataPlaneOptions(context),
    onSecrets: (secrets) => context.redactor.add(...secrets),
    // With a seed, what the ensure did is said when it happens, before the seed's long wait.
    onEnsured: ({ index, created }) => {
      if (seed === undefined || context.common.quiet) return;
      const filling = seed.cloneFrom === undefined ? "seeding it" : `cloning ${seed.cloneFrom} into it`;
      context.terminal.err(
        `Search index ${index.name} (${index.id}) ${created ? "created" : "found"}; ${filling} now.`,
      );
    },
    phase: (label, work) => context.terminal.progress(label.toLowerCase(), work()),
    onProgress: (_index, written) => progress.update(written),
  });
  progress.done();
  return ensureReport(result.ensured, seed === undefined ? undefined : result.seeded);
}

export function ensureReport(result: EnsureResult, seeded?: SeedReport): CommandResult {
  const { index } = result;
  const url = restUrl(index);
  const described = {
    name: index.name,
    id: index.id,
    region: index.region,
    type: index.type,
    endpoint: index.endpoint,
    restUrl: url,
  };
  const seedLines = (seeded?.indexes ?? []).map((entry) =>
    entry.seeded
      ? `SDK index ${entry.index}: ${entry.written} documents written.`
      : `SDK index ${entry.index}: seeded before, nothing written (--seed-when always writes again).`,
  );
  return {
    lines: [
      `Search index ${index.name} (${index.id}) ${result.created ? "created" : "already existed"}: ${index.region}, ${index.type}, ${url}`,
      ...seedLines,
    ],
    json: (withSecrets) => ({
      ...described,
      created: result.created,
      ...(withSecrets ? { token: index.token, readOnlyToken: index.read_only_token } : {}),
      ...(seeded === undefined ? {} : { seeded: seeded.written, indexes: seeded.indexes }),
      warnings: result.warnings,
    }),
    // Core's fields of an ensure, the action's outputs too: only tokens are secret here (the
    // CLI prints the endpoint and REST URL; the action masks them by default).
    fields: [
      ...ensureResultFields(result).map(({ env, output, value, sensitivity }) => ({
        env,
        output,
        value,
        ...(sensitivity === "secret" ? { secret: true } : {}),
      })),
      ...(seeded === undefined
        ? []
        : [{ env: "STASHKIT_SEEDED", output: "seeded", value: String(seeded.written) }]),
    ],
    warnings: result.warnings,
  };
}
