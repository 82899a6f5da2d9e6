import { z } from "zod";
import { DEFAULT_SEARCH_REGION, SEARCH_PLANS, SEARCH_REGIONS } from "../management/store.ts";

// Strict objects: a misspelt field in a hand-written fixture is an error naming its line,
// not a silently ignored setting.

const queue = z.strictObject({
  name: z.string().min(1),
  paused: z.boolean().default(false),
  parallelism: z.int().min(1).default(1),
});

const jsonValue = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

const schedule = z.strictObject({
  /** Makes the schedule's id known (and a restart with the same data file update it, not add one). */
  id: z.string().min(1).optional(),
  destination: z.url({ protocol: /^https?$/ }),
  cron: z.string().min(1),
  paused: z.boolean().default(false),
  method: z.string().min(1).optional(),
  /** Text as is; an object or array is sent as JSON. */
  body: z.union([z.string(), jsonValue]).optional(),
  /** Headers forwarded to the destination with each delivery. */
  headers: z.record(z.string(), z.string()).optional(),
  retries: z.int().min(0).optional(),
});

const searchDocument = z.strictObject({
  id: z.union([z.string().min(1), z.number()]),
  content: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const index = z.strictObject({
  name: z.string().min(1),
  region: z.enum(SEARCH_REGIONS).default(DEFAULT_SEARCH_REGION),
  type: z.enum(SEARCH_PLANS).default("free"),
  /** Email of a configured account; default the first one. */
  account: z.string().optional(),
  documents: z.array(searchDocument).default([]),
});

/** A seed file: what the emulator makes, through its own APIs, when it starts. */
export const seedSchema = z.strictObject({
  queues: z.array(queue).default([]),
  schedules: z.array(schedule).default([]),
  indexes: z.array(index).default([]),
});

export type Seed = z.output<typeof seedSchema>;
export type SeedQueue = Seed["queues"][number];
export type SeedSchedule = Seed["schedules"][number];
export type SeedIndex = Seed["indexes"][number];
