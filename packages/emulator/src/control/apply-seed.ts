import type { Account } from "../options/emulator-options.ts";
import { type LocatedSeed, type SeedPath, where } from "./seed-file.ts";
import { SeedFileError } from "./seed-file-error.ts";
import type { SeedIndex, SeedQueue, SeedSchedule } from "./seed-schema.ts";

/** The running emulator a seed is applied to, and the credentials its APIs accept. */
export interface SeedTarget {
  url: string;
  messagingToken: string;
  accounts: readonly Account[];
}

/**
 * Makes what a seed file describes through the emulator's own APIs, so a seeded queue,
 * schedule or index is exactly what a client would have made (same checks, same defaults).
 * Applying it again changes nothing: queues and schedules with an id are upserted, an index
 * that exists by name for its account is reused and its documents upserted.
 */
export async function applySeed(located: LocatedSeed, target: SeedTarget): Promise<void> {
  const { seed } = located;
  const step = stepper(located, target);
  for (const [at, queue] of seed.queues.entries()) await seedQueue(step, ["queues", at], queue);
  for (const [at, schedule] of seed.schedules.entries()) {
    await seedSchedule(step, ["schedules", at], schedule);
  }
  for (const [at, index] of seed.indexes.entries()) await seedIndex(step, ["indexes", at], index);
}

type Step = ReturnType<typeof stepper>;

/** One API request for the entry at `path`; an answer other than 2xx names the entry's line. */
function stepper(located: LocatedSeed, target: SeedTarget) {
  const messaging = { authorization: `Bearer ${target.messagingToken}` };
  const call = async (path: SeedPath, request: string, init: RequestInit): Promise<unknown> => {
    const response = await fetch(`${target.url}${request}`, init);
    const text = await response.text();
    if (!response.ok) {
      // Not the path: a schedule's holds its destination URL, which may carry credentials.
      const problem = `the emulator's API refused it (${response.status}): ${text.slice(0, 300)}`;
      throw new SeedFileError(located.file, located.lineOf(path), `${where(path)}: ${problem}`);
    }
    return text === "" ? undefined : JSON.parse(text);
  };
  const owner = (path: SeedPath, email: string | undefined): Account => {
    const account = email === undefined ? target.accounts[0] : target.accounts.find((a) => a.email === email);
    if (account) return account;
    const known = target.accounts.map((a) => a.email).join(", ");
    throw new SeedFileError(
      located.file,
      located.lineOf([...path, "account"]),
      `account must be one of ${known}`,
    );
  };
  return { call, messaging, owner };
}

async function seedQueue(step: Step, path: SeedPath, queue: SeedQueue): Promise<void> {
  const headers = { ...step.messaging, "content-type": "application/json" };
  const body = JSON.stringify({ queueName: queue.name, parallelism: queue.parallelism });
  await step.call(path, "/v2/queues", { method: "POST", headers, body });
  const action = queue.paused ? "pause" : "resume";
  await step.call(path, `/v2/queues/${encodeURIComponent(queue.name)}/${action}`, {
    method: "POST",
    headers: step.messaging,
  });
}

async function seedSchedule(step: Step, path: SeedPath, schedule: SeedSchedule): Promise<void> {
  const headers: Record<string, string> = { ...step.messaging, "upstash-cron": schedule.cron };
  if (schedule.id !== undefined) headers["upstash-schedule-id"] = schedule.id;
  if (schedule.method !== undefined) headers["upstash-method"] = schedule.method;
  if (schedule.retries !== undefined) headers["upstash-retries"] = String(schedule.retries);
  for (const [name, value] of Object.entries(schedule.headers ?? {})) {
    headers[name.toLowerCase() === "content-type" ? "content-type" : `upstash-forward-${name}`] = value;
  }
  let body = schedule.body;
  if (body !== undefined && typeof body !== "string") {
    body = JSON.stringify(body);
    headers["content-type"] ??= "application/json";
  }
  const made = (await step.call(path, `/v2/schedules/${schedule.destination}`, {
    method: "POST",
    headers,
    ...(body === undefined ? {} : { body }),
  })) as { scheduleId: string };
  const action = schedule.paused ? "pause" : "resume";
  await step.call(path, `/v2/schedules/${encodeURIComponent(made.scheduleId)}/${action}`, {
    method: "POST",
    headers: step.messaging,
  });
}

interface IndexAnswer {
  name: string;
  endpoint: string;
  token: string;
}

async function seedIndex(step: Step, path: SeedPath, index: SeedIndex): Promise<void> {
  const account = step.owner(path, index.account);
  const basic = Buffer.from(`${account.email}:${account.apiKey}`).toString("base64");
  const headers = { authorization: `Basic ${basic}`, "content-type": "application/json" };
  const existing = (await step.call(path, "/v2/search", { headers })) as IndexAnswer[];
  const made =
    existing.find((candidate) => candidate.name === index.name) ??
    ((await step.call(path, "/v2/search", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: index.name, region: index.region, type: index.type }),
    })) as IndexAnswer);
  if (index.documents.length === 0) return;
  // With the searchEndpoint setting at "url" the answer's endpoint is the data plane's URL.
  const endpoint = made.endpoint.split("/").at(-1) ?? made.endpoint;
  await step.call([...path, "documents"], `/search/${encodeURIComponent(endpoint)}/upsert-data`, {
    method: "POST",
    headers: { authorization: `Bearer ${made.token}`, "content-type": "application/json" },
    body: JSON.stringify(index.documents),
  });
}

/** The settings that would slow a seed down or refuse part of it. */
interface QuietableSettings {
  latencyMs: number;
  jitterMs: number;
  createDelayMs: number;
  messagingRateLimit: number;
  managementRateLimit: number;
  searchRateLimits: "off" | "index";
}

/**
 * Applies a seed at start with latency, create delay and rate limits off (a seed is setup, not
 * traffic under test), then puts them back and clears the request log the seed filled.
 */
export function applySeedAtStart(
  located: LocatedSeed,
  target: SeedTarget & { settings: QuietableSettings; clearRequests(): void },
): Promise<void> {
  return quietly(target, () => applySeed(located, target));
}

/**
 * Runs setup work through the emulator's own APIs (a seed, the `searchIndexes` asked for) with
 * latency, create delay and rate limits off, then puts them back and clears the request log it
 * filled.
 */
export async function quietly(
  target: { settings: QuietableSettings; clearRequests(): void },
  work: () => Promise<void>,
): Promise<void> {
  const { settings } = target;
  const kept = { ...settings };
  Object.assign(settings, {
    latencyMs: 0,
    jitterMs: 0,
    createDelayMs: 0,
    messagingRateLimit: 0,
    managementRateLimit: 0,
    searchRateLimits: "off",
  });
  try {
    await work();
  } finally {
    Object.assign(settings, {
      latencyMs: kept.latencyMs,
      jitterMs: kept.jitterMs,
      createDelayMs: kept.createDelayMs,
      messagingRateLimit: kept.messagingRateLimit,
      managementRateLimit: kept.managementRateLimit,
      searchRateLimits: kept.searchRateLimits,
    });
    target.clearRequests();
  }
}
