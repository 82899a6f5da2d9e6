import type { MessagingClient } from "../../clients/messaging-client.ts";
import { NotFoundError } from "../../errors/index.ts";
import type { RawStep, WorkflowRunLog } from "../../schemas/workflow-runs.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { stepOfMessage } from "../diagnosis/pending-delivery.ts";
import type { StepRef } from "./replay.ts";

/** A run in flight with what a replay needs: its history and the step it waits at. */
export interface InFlightRun {
  workflowRunId: string;
  createdAt: number;
  history: RawStep[];
  /** The step it waits at, as the service will deliver it: its next message's step, or its wait for an event. */
  pending: StepRef | undefined;
}

const PAGE = 100;

/**
 * The runs of `workflowUrl` (exactly that URL) still in flight, newest first, at most `max`:
 * each with its history (`GET /v2/workflows/runs/{id}`, what the SDK fetches itself) and the
 * step it waits at (its next message's body, `GET /v2/messages/{id}`, or its wait's step). Reads
 * only, so a read-only token is enough. A run that ends meanwhile is left out.
 */
export async function inFlightRuns(
  client: MessagingClient,
  input: { workflowUrl: string; max: number },
  call: CallOptions,
): Promise<{ runs: InFlightRun[]; truncated: boolean }> {
  const logs: WorkflowRunLog[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.workflowRuns.logs(
      { workflowUrl: input.workflowUrl, state: "RUN_STARTED" },
      { cursor, count: PAGE },
      call,
    );
    logs.push(...page.runs.filter((run) => run.workflowState === "RUN_STARTED"));
    cursor = page.cursor || undefined;
  } while (cursor !== undefined && logs.length < input.max);
  const runs: InFlightRun[] = [];
  for (const log of logs.slice(0, input.max)) {
    const history = await historyOf(client, log.workflowRunId, call);
    if (history === undefined) continue;
    runs.push({
      workflowRunId: log.workflowRunId,
      createdAt: log.workflowRunCreatedAt ?? 0,
      history,
      pending: await pendingStep(client, log, history, call),
    });
  }
  return { runs, truncated: cursor !== undefined || logs.length > input.max };
}

async function historyOf(
  client: MessagingClient,
  workflowRunId: string,
  call: CallOptions,
): Promise<RawStep[] | undefined> {
  try {
    return await client.workflowRuns.history(workflowRunId, call);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The first step of the run's next group that its history lacks. */
async function pendingStep(
  client: MessagingClient,
  log: WorkflowRunLog,
  history: RawStep[],
  call: CallOptions,
): Promise<StepRef | undefined> {
  const recorded = new Set(history.map((entry) => entry.messageId));
  const next = log.steps.filter((group) => group.type === "next").flatMap((group) => group.steps);
  for (const step of next) {
    if (step.waitEventId !== undefined) return refOf(step.stepName, step.stepType ?? "Wait");
    if (step.messageId === "" || recorded.has(step.messageId)) continue;
    const fromBody = await messageStep(client, step.messageId, call);
    const ref = fromBody ?? refOf(step.stepName, step.stepType);
    if (ref !== undefined) return ref;
  }
  return undefined;
}

/** A step message's body is the step's JSON; a `context.call`'s is the call's own body (no step). */
async function messageStep(
  client: MessagingClient,
  messageId: string,
  call: CallOptions,
): Promise<StepRef | undefined> {
  try {
    return stepOfMessage(await client.messages.get(messageId, call));
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

function refOf(name: string | undefined, type: string | undefined): StepRef | undefined {
  return name === undefined || type === undefined ? undefined : { name, type };
}
