import { z } from "zod";

export const RUN_STATES = ["RUN_STARTED", "RUN_SUCCESS", "RUN_FAILED", "RUN_CANCELED"] as const;

// Loose objects: a snapshot written by a newer emulator with extra fields still loads, and keeps them.

/** One entry of a run's history, as deliveries carry it: the trigger's payload, then each step. */
export const historyEntry = z.looseObject({
  messageId: z.string(),
  /** Base64 of the payload (the first entry) or of the step's JSON. */
  body: z.string(),
  callType: z.string(),
  createdAt: z.number(),
});

/** A failed delivery attempt of one of the run's messages, for the logs. */
const attemptError = z.looseObject({
  messageId: z.string(),
  status: z.number().optional(),
  /** UTF-8 text of the answer (cut short). */
  body: z.string().optional(),
  /** Why there was no answer (a network error's code, a timeout). */
  error: z.string().optional(),
  at: z.number(),
});

const followUp = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });

/** A run as the store keeps it; its history is kept apart, a row per step. */
/**
 * The run that started this one with `context.invoke`: where its result goes (the invoking run's
 * URL, the headers its step messages carry, credentials left out) and the step it completes.
 */
export const invoker = z.looseObject({
  runId: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  step: z.record(z.string(), z.unknown()),
});

export const storedRun = z.looseObject({
  runId: z.string(),
  url: z.string(),
  createdAt: z.number(),
  state: z.enum(RUN_STATES),
  completedAt: z.number().optional(),
  /** Base64 of the trigger's body. */
  initialBody: z.string(),
  /** What the app reported when it finished (the route function's return value, as sent). */
  response: z.string().optional(),
  labels: z.array(z.string()).optional(),
  /** Settings of the trigger that every step of the run inherits. */
  retries: z.int().min(0).optional(),
  retryDelay: z.string().optional(),
  failureCallback: followUp.optional(),
  errors: z.array(attemptError).default([]),
  /** The DLQ entry of the message that failed the run. */
  dlqId: z.string().optional(),
  failureFunction: z
    .looseObject({ messageId: z.string(), state: z.string(), failStatus: z.number().optional() })
    .optional(),
  invokedBy: invoker.optional(),
});

/** A run waiting for an event (`POST /v2/wait/{eventId}`). */
export const storedWaiter = z.looseObject({
  eventId: z.string(),
  runId: z.string(),
  url: z.string(),
  /** The step the event completes, as the app sent it. */
  step: z.record(z.string(), z.unknown()),
  headers: z.record(z.string(), z.string()),
  timeoutUrl: z.string(),
  createdAt: z.number(),
  /** When the wait times out (emulator clock, ms). */
  deadline: z.number(),
  timeout: z.string(),
});

/** An event notified for one run before it waited for it (`POST /v2/notify/{runId}/{eventId}`). */
export const storedNotification = z.looseObject({
  eventId: z.string(),
  runId: z.string(),
  /** Base64 of the event data. */
  data: z.string(),
  at: z.number(),
});

export type HistoryEntry = z.infer<typeof historyEntry>;
export type StoredRun = z.infer<typeof storedRun>;
export type StoredWaiter = z.infer<typeof storedWaiter>;
export type StoredNotification = z.infer<typeof storedNotification>;
export type RunState = (typeof RUN_STATES)[number];

export type Invoker = z.infer<typeof invoker>;
