import {
  checkEmulator,
  type PlannedReplay,
  planReplay,
  readRecorded,
  replayFileRecords,
  sendReplays,
} from "@stashkit/core/internal";
import { emulatorClient, messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nodeCrypto } from "../output/node-crypto.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { ReplayFlags } from "./replay.flags.ts";
import { checkDuration, type ReplayInputs, readReplayInputs } from "./replay-inputs.ts";
import { dryRunReport, replayReport } from "./replay-report.ts";
import { writeProgress } from "./write-progress.ts";

/** What will be sent: how many records, whether a run is among them, and the plans, read again on demand. */
interface Planned {
  count: number;
  runs: boolean;
  plans(): Iterable<PlannedReplay> | AsyncIterable<PlannedReplay>;
}

/**
 * `stashkit replay`: records of the account (read with GETs only) or of a `dlq export` file,
 * checked against the rules (rewrite, secret headers) before anything is sent, then sent into the
 * emulator at --rate, with progress.
 */
export async function run(flags: ReplayFlags, context: CommandContext): Promise<CommandResult> {
  const inputs = readReplayInputs(flags, context);
  const planned =
    inputs.source.kind === "account" ? await fromAccount(flags, inputs, context) : await fromFile(inputs);
  if (inputs.dryRun) return dryRunReport(await collect(planned.plans()), inputs);
  checkDuration(planned.count, inputs, context);
  const emulator = emulatorClient(
    { baseUrl: inputs.to, token: inputs.toToken, controlToken: inputs.controlToken },
    context,
  );
  await checkEmulator(emulator, {
    needsControl: planned.runs,
    name: "--to",
    controlTokenName: "--to-control-token or STASHKIT_EMULATOR_CONTROL_TOKEN",
    deadline: context.deadline,
  });
  const progress = writeProgress({
    label: `replaying into ${emulator.baseUrl}`,
    total: planned.count,
    unit: "records",
    env: context.env,
    quiet: context.common.quiet,
  });
  const result = await sendReplays(emulator, planned.plans(), {
    ratePerSecond: inputs.rate,
    nonce: nodeCrypto().randomBytes(6).toString("hex"),
    onProgress: (done) => progress.update(done),
    deadline: context.deadline,
  });
  progress.done();
  return replayReport(result, planned.count, emulator.baseUrl);
}

async function fromAccount(
  flags: ReplayFlags,
  inputs: ReplayInputs,
  context: CommandContext,
): Promise<Planned> {
  if (inputs.source.kind !== "account") throw new Error("unreachable");
  if (!inputs.dryRun) checkDuration(inputs.source.count, inputs, context);
  const client = messagingClient(flags, context);
  const records = await context.terminal.progress(
    "reading the account",
    readRecorded(client, inputs.source.sources, { deadline: context.deadline }),
  );
  const plans = records.map((record) => planReplay(record, inputs.rules));
  return { count: plans.length, runs: plans.some((plan) => plan.kind === "run"), plans: () => plans };
}

/** Every line checked first (a bad one stops the replay with nothing sent); sent from a second read. */
async function fromFile(inputs: ReplayInputs): Promise<Planned> {
  if (inputs.source.kind !== "file") throw new Error("unreachable");
  const { path } = inputs.source;
  const planned = async function* () {
    for await (const { record, line } of replayFileRecords(path, "--from-file")) {
      yield planReplay(record, inputs.rules, `${path} line ${line}`);
    }
  };
  let count = 0;
  let runs = false;
  for await (const plan of planned()) {
    count++;
    runs ||= plan.kind === "run";
  }
  if (count === 0) throw new UsageError("--from-file", `--from-file ${path} holds no records`);
  return { count, runs, plans: planned };
}

async function collect<T>(items: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
