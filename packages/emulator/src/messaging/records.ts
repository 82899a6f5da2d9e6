/** What the messaging side of the emulator keeps in its (optionally persisted) state. */

/** Limits sent with `Upstash-Flow-Control-Value`; absent fields mean "no limit". */
export interface FlowControlLimits {
  parallelism?: number;
  rate?: number;
  /** Length of the rate period in seconds (default 1). */
  period?: number;
}

export interface StoredMessage {
  id: string;
  /** Full destination URL, query string included. */
  destination: string;
  method: string;
  /** Headers sent to the destination (forwarded ones with their prefix stripped, and Content-Type). */
  headers: Record<string, string>;
  /** Base64, so that any payload survives the JSON data file. */
  body: string;
  createdAt: number;
  /** Not delivered before this time (emulator clock, ms); 0 for "at once". */
  notBefore: number;
  maxRetries: number;
  /** How many times delivery has been retried so far. */
  retried: number;
  /** When the next retry is due (emulator clock, ms); 0 before the first failure. */
  nextAttemptAt: number;
  /** Per-attempt timeout in ms, from `Upstash-Timeout`. */
  timeoutMs?: number;
  retryDelayExpression?: string;
  queueName?: string;
  scheduleId?: string;
  labels?: string[];
  flowControlKey?: string;
  flowControl?: FlowControlLimits;
  callerIp?: string;
}

export interface StoredDlqMessage {
  dlqId: string;
  message: StoredMessage;
  /** When it was moved to the DLQ (emulator clock, ms). */
  failedAt: number;
  responseStatus?: number;
  responseHeader?: Record<string, string[]>;
  /** Base64 of the last response body. */
  responseBody?: string;
}

export interface StoredSchedule {
  scheduleId: string;
  /** As given, including a `CRON_TZ=` prefix. */
  cron: string;
  destination: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  retries: number;
  /** Delay of each produced message, in seconds. */
  delay?: number;
  timeoutMs?: number;
  retryDelayExpression?: string;
  queueName?: string;
  labels?: string[];
  flowControlKey?: string;
  flowControl?: FlowControlLimits;
  callerIp?: string;
  isPaused: boolean;
  createdAt: number;
  lastScheduleTime?: number;
  /** Next cron time (emulator clock, ms); ticks before it have been handled. */
  nextScheduleTime: number;
}

export interface StoredFlowControlKey {
  key: string;
  paused: boolean;
  /** The limits of the latest message published with this key. */
  limits: FlowControlLimits;
  /** Limits pinned by `POST /v2/flowControl/{key}/pin`; they win over `limits`. */
  pinned: FlowControlLimits;
  createdAt: number;
}

export interface DeduplicationEntry {
  messageId: string;
  expiresAt: number;
}

export interface SigningKeys {
  current: string;
  next: string;
}
