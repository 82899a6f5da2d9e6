import type { Clock } from "../../clock/clock.ts";
import { messagingErrors } from "../errors.ts";
import type { MessageHeaders } from "./message-headers.ts";

const MIB = 1024 * 1024;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One plan's published limits; `undefined` where the plan publishes none (no limit, or unknown). */
export interface PlanLimit {
  /** Messages accepted per day (UTC), publish, enqueue and each batch entry. */
  messagesPerDay?: number;
  /** A message's body, in bytes ("1 MB" read as the developer API's `max_message_size`, 1048576). */
  maxMessageBytes: number;
  maxDelayMs?: number;
  maxRetries: number;
  /** The longest `Upstash-Timeout` ("Max HTTP Response Duration"). */
  maxTimeoutMs?: number;
}

export type PlanName = "free" | "payg" | "pro";

/**
 * The published limits of each plan (where each number comes from: the emulator README's "Plan
 * limits" table). `pro` is the Fixed 1M plan; its response duration is "Custom" (not published).
 */
// size: table
export const PLAN_LIMITS: Record<PlanName, PlanLimit> = {
  free: {
    messagesPerDay: 1_000,
    maxMessageBytes: MIB,
    maxDelayMs: 7 * DAY,
    maxRetries: 3,
    maxTimeoutMs: 15 * MINUTE,
  },
  payg: { maxMessageBytes: 10 * MIB, maxDelayMs: 365 * DAY, maxRetries: 5, maxTimeoutMs: 2 * 60 * MINUTE },
  pro: { messagesPerDay: 1_000_000, maxMessageBytes: 50 * MIB, maxRetries: 20 },
};

/**
 * What `--plan` refuses: a message beyond the plan's delay, size, retries or timeout (400 naming
 * the header and the plan's maximum; the service's words for these are not published), and past
 * the day's messages a 429 with `RateLimit-Limit`, `-Remaining` and `-Reset`, which the SDK turns
 * into `QstashDailyRatelimitError`. The day's count is kept in memory: a restart starts it again.
 */
export class PlanLimits {
  readonly #plan: { name: PlanName; limit: PlanLimit } | undefined;
  readonly #clock: Clock;
  #day = -1;
  #count = 0;

  constructor(plan: PlanName | undefined, clock: Clock) {
    this.#plan = plan === undefined ? undefined : { name: plan, limit: PLAN_LIMITS[plan] };
    this.#clock = clock;
  }

  /** The largest body a publish route reads: the plan's message size, else the pipeline's default. */
  get bodyLimit(): number | undefined {
    return this.#plan?.limit.maxMessageBytes;
  }

  /** Throws for a message the plan refuses. */
  check(settings: MessageHeaders, bodyBytes: number): void {
    if (this.#plan === undefined) return;
    const { name, limit } = this.#plan;
    const over = (header: string, shown: string) => messagingErrors.overPlan(header, name, shown);
    if (bodyBytes > limit.maxMessageBytes) throw over("message size", `${limit.maxMessageBytes} bytes`);
    if (settings.retries !== undefined && settings.retries > limit.maxRetries) {
      throw over("Upstash-Retries", String(limit.maxRetries));
    }
    if (limit.maxTimeoutMs !== undefined && (settings.timeoutMs ?? 0) > limit.maxTimeoutMs) {
      throw over("Upstash-Timeout", `${limit.maxTimeoutMs / 1000}s`);
    }
    const wait = this.#delayOf(settings);
    if (limit.maxDelayMs !== undefined && wait > limit.maxDelayMs) {
      throw over(
        settings.notBefore === undefined ? "Upstash-Delay" : "Upstash-Not-Before",
        `${limit.maxDelayMs / DAY}d`,
      );
    }
  }

  /** Before `count` messages are accepted: a 429 when the day's quota has no room for them. */
  room(count: number): void {
    const limit = this.#plan?.limit.messagesPerDay;
    if (limit === undefined) return;
    this.#roll();
    if (this.#count + count > limit) {
      throw messagingErrors.dailyLimit(limit, {
        "RateLimit-Limit": String(limit),
        "RateLimit-Remaining": String(Math.max(0, limit - this.#count)),
        "RateLimit-Reset": String(Math.ceil((this.#day + 1) * DAY) / 1000),
      });
    }
  }

  /** After they were accepted. */
  accepted(count: number): void {
    if (this.#plan?.limit.messagesPerDay === undefined) return;
    this.#roll();
    this.#count += count;
  }

  #delayOf(settings: MessageHeaders): number {
    if (settings.notBefore !== undefined) return settings.notBefore - this.#clock.now();
    return settings.delayMs ?? 0;
  }

  /** A new UTC day on the emulator's clock starts the count again. */
  #roll(): void {
    const day = Math.floor(this.#clock.now() / DAY);
    if (day !== this.#day) {
      this.#day = day;
      this.#count = 0;
    }
  }
}
