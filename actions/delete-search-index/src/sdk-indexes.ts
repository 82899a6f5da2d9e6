import { gitHubLookup, registerSecrets, runner, type Step } from "@stashkit/action-kit";
import {
  type ClientOptions,
  ConfigurationError,
  deleteSdkIndex,
  type IndexRef,
  type ManagementClient,
  pruneSdkIndexes,
  SearchIndexData,
} from "@stashkit/core";
import { type PruneOutcome, staleByPullRequest } from "./prune.ts";

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
    throw new ConfigurationError("name", `no search index named "${name}" in this account`);
  if (others.length > 0)
    throw new ConfigurationError("name", `${found.length} search indexes are named "${name}"`);
  return { id: index.id, data: SearchIndexData.fromIndex(index, { ...options, redactor: step.redactor }) };
}

const none = { kept: [], remaining: [], stoppedBy: undefined };

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

/** Deletes the SDK indexes of closed pull requests inside one database (one GitHub request per 100). */
export async function pruneInDatabase(
  step: SdkStep,
  target: { name: string; pattern: string; githubToken: string; dryRun: boolean },
  options: ClientOptions,
): Promise<PruneOutcome> {
  const { id, data } = await database(step, target.name, options);
  const github = gitHubLookup(step, target.githubToken, "delete-search-index");
  const result = await runner.group(`Prune SDK indexes of ${target.name} matching ${target.pattern}`, () =>
    pruneSdkIndexes(data, {
      pattern: target.pattern,
      patternInput: "prune-pattern",
      dryRun: target.dryRun,
      deadline: step.deadline,
      staleOf: staleByPullRequest(github),
    }),
  );
  const ref = ({ name }: { name: string }): IndexRef => ({ name, id });
  return {
    deleted: result.deleted.map(ref),
    kept: result.kept.map(ref),
    remaining: [],
    stoppedBy: undefined,
  };
}
