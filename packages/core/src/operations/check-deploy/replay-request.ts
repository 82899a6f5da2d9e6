import { upstashSignature } from "../../lib/upstash-signature.ts";
import type { RawStep } from "../../schemas/workflow-runs.ts";

/** Where a replay goes and what it stands for. */
export interface ReplayTarget {
  /** The new build's workflow endpoint (local). */
  appUrl: string;
  /** The workflow URL the runs were started with: what the service sends as `Upstash-Workflow-Url`. */
  workflowUrl: string;
  workflowRunId: string;
  /** When the run started (ms): `Upstash-Workflow-CreatedAt`. */
  createdAt: number;
  /** The account's current signing key, which the app's receiver checks first. */
  signingKey: string;
  /** The `Upstash-Region` header's value (`EU-CENTRAL-1`), which multi-region apps pick their keys by. */
  region: string | undefined;
}

/**
 * The request the service sends to call a workflow endpoint with a run's history: the history in
 * the body (base64 entries, the payload first), the Workflow SDK's protocol headers, and an
 * `Upstash-Signature` JWT signed HS256 with the signing key over the body's SHA-256, as the
 * SDK's receiver checks it. An empty `steps` sends no body: the SDK then fetches the history
 * from its QStash (the stand-in), as it does for a large one.
 */
export async function replayRequest(
  target: ReplayTarget,
  steps: readonly RawStep[] | undefined,
): Promise<{ body: string; headers: Record<string, string> }> {
  const body = steps === undefined ? "" : JSON.stringify(steps);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "upstash-workflow-sdk-version": "1",
    "upstash-workflow-runid": target.workflowRunId,
    "upstash-workflow-url": target.workflowUrl,
    "upstash-workflow-createdat": String(target.createdAt),
    "upstash-retried": "0",
    "upstash-signature": await upstashSignature({ key: target.signingKey, url: target.appUrl, body }),
    ...(steps?.length ? { "upstash-message-id": (steps.at(-1) as RawStep).messageId } : {}),
    ...(target.region === undefined ? {} : { "upstash-region": target.region }),
  };
  return { body, headers };
}

/** A step as a history entry: base64 of its JSON. */
export function stepEntry(step: Record<string, unknown>, messageId: string): RawStep {
  return { messageId, body: Buffer.from(JSON.stringify(step)).toString("base64"), callType: "step" };
}
