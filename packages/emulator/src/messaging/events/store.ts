import { z } from "zod";
import { type AreaData, type AreaStore, storeArea } from "../../state/area.ts";

/** The document's states (`CANCELLED` as it spells it; the SDK's type says `CANCELED`). */
export const EVENT_STATES = [
  "CREATED",
  "ACTIVE",
  "DELIVERED",
  "ERROR",
  "RETRY",
  "FAILED",
  "CANCELLED",
] as const;

/** One step in a message's life, as `GET /v2/events` lists it. */
const storedEvent = z.looseObject({
  time: z.number(),
  state: z.enum(EVENT_STATES),
  messageId: z.string(),
  url: z.string(),
  method: z.string().optional(),
  maxRetries: z.int().optional(),
  queueName: z.string().optional(),
  scheduleId: z.string().optional(),
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  labels: z.array(z.string()).optional(),
  flowControlKey: z.string().optional(),
  nextDeliveryTime: z.number().optional(),
  error: z.string().optional(),
  responseStatus: z.number().optional(),
});

const eventShape = {
  /** Oldest first; bounded (see `KEPT_EVENTS`), the oldest dropped first. */
  messageEvents: z.array(storedEvent).default([]),
};

/** The log of message events behind `client.logs()`. */
export const eventArea = storeArea({ name: "message-events", shape: eventShape });

export type EventData = AreaData<typeof eventShape>;
export type EventStore = AreaStore<EventData>;
export type StoredEvent = z.infer<typeof storedEvent>;
export type EventState = (typeof EVENT_STATES)[number];
