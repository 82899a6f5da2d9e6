import type { RegionName } from "../../../regions/region-names.ts";
import type { StoredMessage } from "../../records/message-record.ts";

export interface DeliveredMessage {
  /** The queue it was enqueued to, or `null` for a published message. */
  queue: string | null;
  messageId: string;
  destination: string;
  scheduleId: string | null;
  /** How many retries it took (0: the first attempt succeeded). */
  retried: number;
  deliveredAt: number;
  /** The region that delivered it, when the emulator runs several (`--regions`). */
  region?: RegionName;
}

/**
 * The messages delivered, in delivery order (`emulator.delivered`): the newest `kept`, the oldest
 * dropped first once there are more (said once in the log).
 */
export class DeliveryRecord {
  readonly entries: DeliveredMessage[] = [];
  readonly #kept: number;
  readonly #noticeOnce: (topic: string, text: string) => void;

  constructor(kept: number, noticeOnce: (topic: string, text: string) => void) {
    this.#kept = kept;
    this.#noticeOnce = noticeOnce;
  }

  remember(message: StoredMessage, now: number, region?: RegionName): void {
    this.entries.push({
      queue: message.queueName ?? null,
      messageId: message.id,
      destination: message.destination,
      scheduleId: message.scheduleId ?? null,
      retried: message.retried,
      deliveredAt: now,
      ...(region === undefined ? {} : { region }),
    });
    if (this.entries.length <= this.#kept) return;
    this.#noticeOnce(
      "deliveries",
      `the delivery record keeps the newest ${this.#kept} deliveries; older ones are dropped from now on`,
    );
    this.entries.splice(0, this.entries.length - this.#kept);
  }
}
