import { z } from "zod";
import { signingKeysSchema } from "../signing/keys.ts";
import { type AreaData, type AreaStore, storeArea } from "../state/area.ts";
import { byName } from "../state/by-name.ts";
import { upgradeLegacyMessages } from "./queues/legacy.ts";

// Loose objects: a file written by a newer emulator with extra fields still loads, and keeps them.

/** Limits sent with `Upstash-Flow-Control-Value`; absent fields mean "no limit". */
export const flowControlLimits = z.looseObject({
  parallelism: z.int().min(1).optional(),
  rate: z.int().min(1).optional(),
  /** Length of the rate period in seconds (default 1). */
  period: z.int().min(1).optional(),
});

/** Fields a message and a schedule share: where it goes and how it is delivered. */
const deliverySettings = {
  /** Full destination URL, query string included. */
  destination: z.string(),
  method: z.string(),
  /** Headers sent to the destination (forwarded ones with their prefix stripped, and Content-Type). */
  headers: z.record(z.string(), z.string()),
  /** Base64, so that any payload survives the JSON data file. */
  body: z.string(),
  /** Per-attempt timeout in ms, from `Upstash-Timeout`. */
  timeoutMs: z.number().optional(),
  retryDelayExpression: z.string().optional(),
  queueName: z.string().optional(),
  labels: z.array(z.string()).optional(),
  flowControlKey: z.string().optional(),
  flowControl: flowControlLimits.optional(),
  callerIp: z.string().optional(),
};

const followUp = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });

export const storedMessage = z.looseObject({
  id: z.string(),
  ...deliverySettings,
  createdAt: z.number(),
  /** Not delivered before this time (emulator clock, ms); 0 for "at once". */
  notBefore: z.number(),
  maxRetries: z.int().min(0),
  /** How many times delivery has been retried so far. */
  retried: z.int().min(0),
  /** When the next retry is due (emulator clock, ms); 0 before the first failure. */
  nextAttemptAt: z.number(),
  scheduleId: z.string().optional(),
  /** The URL group it was published to, and the endpoint's name there. */
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  callback: followUp.optional(),
  failureCallback: followUp.optional(),
  /** Set on the messages of a workflow run (its steps, trigger, callbacks). */
  workflow: z.looseObject({ runId: z.string(), callType: z.string() }).optional(),
});

const storedQueue = z.looseObject({
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  parallelism: z.int().min(1),
  paused: z.boolean(),
  /** Undelivered messages, oldest first. */
  messages: z.array(storedMessage),
});

const storedDlqMessage = z.looseObject({
  dlqId: z.string(),
  message: storedMessage,
  /** When it was moved to the DLQ (emulator clock, ms). */
  failedAt: z.number(),
  responseStatus: z.number().optional(),
  responseHeader: z.record(z.string(), z.array(z.string())).optional(),
  /** Base64 of the last response body. */
  responseBody: z.string().optional(),
});

const storedSchedule = z.looseObject({
  scheduleId: z.string(),
  /** As given, including a `CRON_TZ=` prefix. */
  cron: z.string(),
  ...deliverySettings,
  retries: z.int().min(0),
  /** Delay of each produced message, in seconds. */
  delay: z.number().optional(),
  isPaused: z.boolean(),
  createdAt: z.number(),
  lastScheduleTime: z.number().optional(),
  /** Next cron time (emulator clock, ms); ticks before it have been handled. */
  nextScheduleTime: z.number(),
});

const storedFlowControlKey = z.looseObject({
  key: z.string(),
  paused: z.boolean(),
  /** The limits of the latest message published with this key. */
  limits: flowControlLimits,
  /** Limits pinned by `POST /v2/flowControl/{key}/pin`; they win over `limits`. */
  pinned: flowControlLimits,
  createdAt: z.number(),
});

const messagingShape = {
  queues: byName(storedQueue),
  /** Published messages that are not in a queue, not yet delivered. */
  messages: z.array(storedMessage).default([]),
  dlq: z.array(storedDlqMessage).default([]),
  schedules: byName(storedSchedule),
  flowControl: byName(storedFlowControlKey),
  deduplication: byName(z.looseObject({ messageId: z.string(), expiresAt: z.number() })),
  /** Kept so that a restart with the same data file signs with the same keys. */
  signingKeys: signingKeysSchema.optional(),
};

/** The messaging API's state: queues and their messages, the DLQ, schedules, flow-control keys. */
export const messagingArea = storeArea({
  name: "messaging",
  shape: messagingShape,
  migrate: upgradeLegacyMessages,
  // The signing keys stay: apps under test were configured with them.
  reset: (current, empty) => (current.signingKeys ? { ...empty, signingKeys: current.signingKeys } : empty),
});

export type MessagingData = AreaData<typeof messagingShape>;
export type MessagingStore = AreaStore<MessagingData>;
export type FlowControlLimits = z.infer<typeof flowControlLimits>;
export type StoredMessage = z.infer<typeof storedMessage>;
export type StoredQueue = z.infer<typeof storedQueue>;
export type StoredDlqMessage = z.infer<typeof storedDlqMessage>;
export type StoredSchedule = z.infer<typeof storedSchedule>;
export type StoredFlowControlKey = z.infer<typeof storedFlowControlKey>;
export type StoredFollowUp = z.infer<typeof followUp>;
