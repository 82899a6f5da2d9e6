import { registerSecrets, runner, type Step } from "@stashkit/action-kit";
import {
  type ClientOptions,
  deleteSdkIndex,
  IndexLookupError,
  type IndexRef,
  type ManagementClient,
  type ProtectRule,
  pruneSdkIndexes,
  SearchIndexData,
} from "@stashkit/core";
import type { PruneRule } from "./inputs.ts";
import { outcomeOf, type PruneOutcome, staleByPullRequest } from "./prune.ts";

type SdkStep = Pick<Step<ManagementClient>, "client" | "context" | "deadline" | "redactor">;

/** The database by name, as a data-plane client; its tokens are masked before anything is logged. */
async function database(
  step: SdkStep,
  name: string,
  options: ClientOptions,
): Promise<{ id: string; data: SearchIndexData }> {
  const found = await (await step.client()).searchIndexes.findByName(name);
  registerSecrets(...found.flatMap((index) => [index.token, index.read_only_token]));
  const [index, ...others] = found;
  if (index === undefined)
    throw new IndexLookupError("name", `no search index named "${name}" in this account`, 0);
  if (others.length > 0)
    throw new IndexLookupError("name", `${found.length} search indexes are named "${name}"`, found.length);
  return { id: index.id, data: SearchIndexData.fromIndex(index, { ...options, redactor: step.redactor }) };
}

const none = { kept: [], protected: [], remaining: [], stoppedBy: undefined };

/** Deletes one SDK index of a database; the outputs name it with the database's id. */
export async function deleteOneSdkIndex(
  step: SdkStep,
  target: { name: string; index: string; dryRun: boolean },
  options: ClientOptions,
): Promise<PruneOutcome> {
  const { id, data } = await database(step, target.name, options);
  const { deleted } = await runner.group(`Delete SDK index ${target.index} of ${target.name}`, () =>
    deleteSdkIndex(data, { index: target.index, dryRun: target.dryRun, deadline: step.deadline }),
  );
  if (!deleted) runner.info(`SDK index ${target.index} of ${target.name} is not there: nothing to delete.`);
  const refs: IndexRef[] = deleted ? [{ name: target.index, id }] : [];
  return { deleted: refs, ...none };
}

/** Deletes the SDK indexes of closed pull requests, or older than max-age, inside one database. */
export async function pruneInDatabase(
  step: SdkStep,
  target: PruneRule & { name: string; dryRun: boolean; protect: ProtectRule },
  options: ClientOptions,
): Promise<PruneOutcome> {
  const { id, data } = await database(step, target.name, options);
  const result = await runner.group(`Prune SDK indexes of ${target.name} matching ${target.pattern}`, () =>
    pruneSdkIndexes(data, {
      pattern: target.pattern,
      patternInput: "prune-pattern",
      dryRun: target.dryRun,
      deadline: step.deadline,
      staleOf: staleByPullRequest(step, target.githubToken),
      maxAge: target.maxAge,
      protect: target.protect,
    }),
  );
  return { ...outcomeOf(result, () => id), remaining: [], stoppedBy: undefined };
}
