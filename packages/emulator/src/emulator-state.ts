import type { StoredIndex } from "./management/store.ts";
import type { StoredDlqMessage } from "./messaging/dlq/store.ts";
import type { StoredEvent } from "./messaging/events/store.ts";
import type { StoredFlowControlKey } from "./messaging/flow-control/store.ts";
import type { StoredDeduplication } from "./messaging/messages/deduplication.ts";
import type { StoredMessage } from "./messaging/messages/record.ts";
import type { StoredQueue } from "./messaging/queues/store.ts";
import type { StoredSchedule } from "./messaging/schedules/store.ts";
import type { StoredUrlGroup } from "./messaging/url-groups/store.ts";
import type {
  HistoryEntry,
  StoredNotification,
  StoredRun,
  StoredWaiter,
} from "./messaging/workflow/records.ts";
import type { StoredDocument } from "./search-data/documents/document-tables.ts";
import type { SigningKeys } from "./signing/keys.ts";

/**
 * What `emulator.state` (and `GET /__stashkit/state`) shows: every record as a snapshot holds
 * it, read from the stores when a key is read (so reading `queues` does not read the search
 * documents). Read-only: change state through the APIs (or `emulator.indexes` for an index an
 * API would not make).
 */
export interface EmulatorState {
  readonly queues: Readonly<Record<string, StoredQueue & { messages: StoredMessage[] }>>;
  /** Messages published outside any queue and not yet delivered. */
  readonly messages: readonly StoredMessage[];
  readonly dlq: readonly StoredDlqMessage[];
  readonly schedules: Readonly<Record<string, StoredSchedule>>;
  readonly flowControl: Readonly<Record<string, StoredFlowControlKey>>;
  readonly deduplication: Readonly<Record<string, StoredDeduplication>>;
  readonly signingKeys?: SigningKeys;
  readonly workflowRuns: Readonly<Record<string, StoredRun & { history: HistoryEntry[] }>>;
  readonly workflowWaiters: readonly StoredWaiter[];
  /** Events notified to a run before it waited for them. */
  readonly workflowEvents: readonly StoredNotification[];
  readonly messageEvents: readonly StoredEvent[];
  readonly urlGroups: Readonly<Record<string, StoredUrlGroup>>;
  readonly indexes: readonly StoredIndex[];
  /** Index id → namespace → documents, in the order they were stored. */
  readonly searchDocuments: Readonly<Record<string, Readonly<Record<string, readonly StoredDocument[]>>>>;
}
