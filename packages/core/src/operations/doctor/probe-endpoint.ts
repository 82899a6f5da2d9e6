import { setTimeout as sleep } from "node:timers/promises";
import type { MessagingClient } from "../../clients/messaging-client.ts";
import { upstashSignature } from "../../lib/upstash-signature.ts";
import type { MessageEvent } from "../../schemas/messages.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { type DoctorCheck, failed, passed, warned } from "./doctor-check.ts";

export interface ProbeInput extends CallOptions {
  /** The endpoint to send the probe to through QStash. */
  url: string;
  /** How long to wait for the delivery's outcome. Default 60 s. */
  waitMs?: number;
  /** Between two readings of the message's logs. Default 500 ms. */
  pollMs?: number;
}

export interface ProbeResult {
  url: string;
  messageId: string;
  /** The delivery's last state: `DELIVERED`, `FAILED`, or the state it was in when the wait ended. */
  state: string;
  responseStatus: number | undefined;
  /** What the endpoint (or the network) said of a failed attempt, as the logs keep it. */
  answer: string | undefined;
  /** What the endpoint answered a request with a forged signature, sent from here (or why it could not be sent). */
  forged: { status: number } | { error: string };
}

const DONE = new Set(["DELIVERED", "FAILED", "CANCELLED", "CANCELED"]);

/**
 * Sends one message through QStash to `url` (no retries, labelled `stashkit-doctor`) and reads
 * its logs until it is delivered or failed: whether QStash reaches the endpoint and what it
 * answered a signed delivery. Then sends the endpoint the same body directly with a signature
 * made with a key no account has: an endpoint that verifies signatures refuses it.
 */
export async function probeEndpoint(client: MessagingClient, input: ProbeInput): Promise<ProbeResult> {
  const call = { deadline: input.deadline, signal: input.signal };
  const body = { stashkit: "doctor probe", sentAt: new Date().toISOString() };
  const { messageId } = await client.messages.publish(
    { destination: input.url, body, headers: { "upstash-retries": "0", "upstash-label": "stashkit-doctor" } },
    call,
  );
  const giveUp = Date.now() + (input.waitMs ?? 60_000);
  let events: MessageEvent[] = [];
  for (;;) {
    events = (await client.logs.list({ messageIds: [messageId] }, undefined, call)).logs;
    if (DONE.has(events[0]?.state ?? "") || Date.now() >= giveUp) break;
    await sleep(input.pollMs ?? 500, undefined, { signal: input.signal });
  }
  const last = events[0];
  const error = events.find((event) => event.state === "ERROR");
  return {
    url: input.url,
    messageId,
    state: last?.state ?? "CREATED",
    responseStatus: last?.responseStatus ?? error?.responseStatus,
    answer: error?.error,
    forged: await forgedRequest(input.url, JSON.stringify(body)),
  };
}

async function forgedRequest(url: string, body: string): Promise<ProbeResult["forged"]> {
  // A well-formed signature made with a key of our own: only a receiver that checks signatures tells.
  const { randomBytes } = await import("node:crypto");
  const signature = await upstashSignature({ key: new Uint8Array(randomBytes(32)), url, body });
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "upstash-signature": signature },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/** The probe as doctor lines. */
export function probeChecks(probe: ProbeResult): DoctorCheck[] {
  const subject = probe.url;
  const status = probe.responseStatus === undefined ? "" : ` (answered ${probe.responseStatus})`;
  const checks: DoctorCheck[] = [];
  if (probe.state === "DELIVERED") {
    checks.push(passed("probe", subject, `QStash delivered message ${probe.messageId}${status}`));
  } else if (DONE.has(probe.state)) {
    const answer = probe.answer === undefined ? "" : `: ${probe.answer}`;
    checks.push(
      failed("probe", subject, `QStash could not deliver message ${probe.messageId}${status}${answer}`),
    );
  } else {
    checks.push(
      warned("probe", subject, `message ${probe.messageId} is still ${probe.state} after the wait`),
    );
  }
  const { forged } = probe;
  if ("error" in forged) {
    checks.push(warned("forged-signature", subject, `could not be sent from here (${forged.error})`));
  } else if (forged.status >= 200 && forged.status < 300) {
    checks.push(
      failed(
        "forged-signature",
        subject,
        `the endpoint accepted a request with a forged signature (${forged.status}): it does not verify Upstash-Signature`,
      ),
    );
  } else {
    checks.push(
      passed("forged-signature", subject, `the endpoint refused a forged signature (${forged.status})`),
    );
  }
  return checks;
}
