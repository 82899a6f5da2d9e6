import { serverNameSchema } from "./server-value-schemas.ts";
import * as z from "./zod.ts";

/** A queue as the product reads it: `name` and `paused` are needed; the rest is reported when present. */
export const queueSchema = z.looseObject({
  name: z.pipe(serverNameSchema(), z.string().check(z.minLength(1))),
  paused: z.boolean(),
  lag: z.catch(z.optional(z.number()), undefined),
  parallelism: z.catch(z.optional(z.number()), undefined),
  createdAt: z.catch(z.optional(z.number()), undefined),
  updatedAt: z.catch(z.optional(z.number()), undefined),
});

export type Queue = z.output<typeof queueSchema>;
export const queueListSchema = z.array(queueSchema);
