import { z } from "zod";
import { type SigningKeys, signingKeysSchema } from "../../signing/keys.ts";
import { storeArea } from "../../state/area.ts";
import { byName, byNameObject } from "../../state/by-name.ts";
import { type DeduplicationStore, deduplicationStore, storedDeduplication } from "./deduplication-store.ts";
import { type DlqStore, dlqStore, storedDlqMessage } from "./dlq-store.ts";
import { type FlowControlStore, flowControlStore, storedFlowControlKey } from "./flow-control-store.ts";
import { upgradeLegacyMessages } from "./legacy-messages.ts";
import { storedMessage } from "./message-record.ts";
import { type MessageStore, type QueueStore, queueStores, storedQueue } from "./queue-store.ts";
import { type ScheduleStore, scheduleStore, storedSchedule } from "./schedule-store.ts";
import { type SigningKeyStore, signingKeyStore } from "./signing-key-store.ts";

/** What the messaging API works through: queues and messages, the DLQ, schedules, flow control… */
export interface MessagingStores {
  queues: QueueStore;
  messages: MessageStore;
  dlq: DlqStore;
  schedules: ScheduleStore;
  flowControl: FlowControlStore;
  deduplication: DeduplicationStore;
  signingKeys: SigningKeyStore;
}

/** How a snapshot holds the messaging state: each queue with its waiting messages inside. */
const messagingShape = {
  queues: byName(storedQueue.extend({ messages: z.array(storedMessage) })),
  /** Published messages that are not in a queue, not yet delivered. */
  messages: z.array(storedMessage).default([]),
  dlq: z.array(storedDlqMessage).default([]),
  schedules: byName(storedSchedule),
  flowControl: byName(storedFlowControlKey),
  deduplication: byName(storedDeduplication),
  /** Kept so that a restart with the same state signs with the same keys. */
  signingKeys: signingKeysSchema.optional(),
};

/** The messaging API's state: queues and their messages, the DLQ, schedules, flow-control keys. */
export const messagingArea = storeArea({
  name: "messaging",
  shape: messagingShape,
  migrate: upgradeLegacyMessages,
  open: (engine, context): MessagingStores => ({
    ...queueStores(engine, context.limits),
    dlq: dlqStore(engine, context),
    schedules: scheduleStore(engine, context),
    flowControl: flowControlStore(engine),
    deduplication: deduplicationStore(engine),
    signingKeys: signingKeyStore(engine),
  }),
  exportKeys(stores) {
    const keys = stores.signingKeys.get();
    return {
      queues: byNameObject(
        stores.queues
          .list()
          .map((queue) => ({ ...queue, messages: [...stores.messages.waiting(queue.name)] })),
        (queue) => queue.name,
      ),
      messages: [...stores.messages.waiting(undefined)],
      dlq: [...stores.dlq.all()],
      schedules: byNameObject(stores.schedules.list(), (schedule) => schedule.scheduleId),
      flowControl: byNameObject(stores.flowControl.list(), (record) => record.key),
      deduplication: Object.fromEntries(stores.deduplication.entries()),
      signingKeys: keys,
    };
  },
  importKeys(stores, keys) {
    for (const [name, { messages, ...queue }] of keys.queues) {
      stores.queues.put({ ...queue, name });
      for (const message of messages) stores.messages.add({ ...message, queueName: name });
    }
    for (const message of keys.messages) stores.messages.add(message);
    for (const entry of keys.dlq) stores.dlq.add(entry);
    for (const schedule of keys.schedules.values()) stores.schedules.put(schedule);
    for (const record of keys.flowControl.values()) stores.flowControl.put(record);
    for (const [key, entry] of keys.deduplication) stores.deduplication.remember(key, entry, 0);
    if (keys.signingKeys) stores.signingKeys.put(keys.signingKeys as SigningKeys);
  },
  bounds: [
    {
      limit: "messages",
      what: "messages waiting",
      inKeys: (keys) =>
        keys.messages.length +
        [...keys.queues.values()].reduce((sum, queue) => sum + queue.messages.length, 0),
      inStores: (stores) => stores.messages.total(),
    },
  ],
  // The signing keys stay: apps under test were configured with them.
  reset(stores) {
    stores.queues.clear();
    stores.messages.clear();
    stores.dlq.clear();
    stores.schedules.clear();
    stores.flowControl.clear();
    stores.deduplication.clear();
  },
});
