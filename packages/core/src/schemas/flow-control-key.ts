import * as z from "zod";

/**
 * A flow-control key as the product reads it (the public `FlowControlKey` schema, which marks
 * nothing required): the key and `isPaused` are needed to pause it safely; `waitListSize` (the
 * messages held back) is reported when present.
 */
export const flowControlKeySchema = z.looseObject({
  flowControlKey: z.string().min(1),
  isPaused: z.boolean(),
  waitListSize: z.number().optional().catch(undefined),
  parallelismMax: z.number().optional().catch(undefined),
  parallelismCount: z.number().optional().catch(undefined),
  rateMax: z.number().optional().catch(undefined),
  rateCount: z.number().optional().catch(undefined),
  ratePeriod: z.number().optional().catch(undefined),
});

export type FlowControlKey = z.output<typeof flowControlKeySchema>;
export const flowControlKeyListSchema = z.array(flowControlKeySchema);
