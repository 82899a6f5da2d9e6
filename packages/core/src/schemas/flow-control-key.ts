import * as z from "./zod.ts";

/**
 * A flow-control key as the product reads it (the public `FlowControlKey` schema, which marks
 * nothing required): the key and `isPaused` are needed to pause it safely; `waitListSize` (the
 * messages held back) is reported when present.
 */
export const flowControlKeySchema = z.looseObject({
  flowControlKey: z.string().check(z.minLength(1)),
  isPaused: z.boolean(),
  waitListSize: z.catch(z.optional(z.number()), undefined),
  parallelismMax: z.catch(z.optional(z.number()), undefined),
  parallelismCount: z.catch(z.optional(z.number()), undefined),
  rateMax: z.catch(z.optional(z.number()), undefined),
  rateCount: z.catch(z.optional(z.number()), undefined),
  ratePeriod: z.catch(z.optional(z.number()), undefined),
});

export type FlowControlKey = z.output<typeof flowControlKeySchema>;
export const flowControlKeyListSchema = z.array(flowControlKeySchema);
