import * as z from "zod";
import { serverNameSchema } from "./server-values.ts";

/** A queue as the product reads it: `name` and `paused` are needed; the rest is reported when present. */
export const queueSchema = z.looseObject({
  name: serverNameSchema.pipe(z.string().min(1)),
  paused: z.boolean(),
  lag: z.number().optional().catch(undefined),
  parallelism: z.number().optional().catch(undefined),
  createdAt: z.number().optional().catch(undefined),
  updatedAt: z.number().optional().catch(undefined),
});

export type Queue = z.output<typeof queueSchema>;
export const queueListSchema = z.array(queueSchema);
