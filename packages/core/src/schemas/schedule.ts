import * as z from "./zod.ts";

/**
 * A schedule as the product reads it (the public `Schedule` schema): `scheduleId`, `destination`
 * and `isPaused` are needed to select and pause it; the rest is reported when present, and is
 * what a declared schedule is compared with (`operations/qstash-diff.ts`).
 * `label` is the deprecated single-string form of `labels`.
 */
export const scheduleSchema = z.looseObject({
  scheduleId: z.string().check(z.minLength(1)),
  destination: z.string(),
  isPaused: z.boolean(),
  cron: z.catch(z.optional(z.string()), undefined),
  createdAt: z.catch(z.optional(z.number()), undefined),
  method: z.catch(z.optional(z.string()), undefined),
  queueName: z.catch(z.optional(z.string()), undefined),
  flowControlKey: z.catch(z.optional(z.string()), undefined),
  label: z.catch(z.optional(z.string()), undefined),
  labels: z.catch(z.optional(z.array(z.string())), undefined),
  header: z.catch(z.optional(z.record(z.string(), z.array(z.string()))), undefined),
  body: z.catch(z.optional(z.string()), undefined),
  bodyBase64: z.catch(z.optional(z.string()), undefined),
  retries: z.catch(z.optional(z.number()), undefined),
  delay: z.catch(z.optional(z.number()), undefined),
  callback: z.catch(z.optional(z.string()), undefined),
  failureCallback: z.catch(z.optional(z.string()), undefined),
  parallelism: z.catch(z.optional(z.number()), undefined),
  rate: z.catch(z.optional(z.number()), undefined),
  period: z.catch(z.optional(z.number()), undefined),
  retryDelayExpression: z.catch(z.optional(z.string()), undefined),
  lastScheduleTime: z.catch(z.optional(z.number()), undefined),
  nextScheduleTime: z.catch(z.optional(z.number()), undefined),
});

export type Schedule = z.output<typeof scheduleSchema>;
export const scheduleListSchema = z.array(scheduleSchema);
