import * as z from "./zod.ts";

/** An endpoint of a URL group: its URL, and a name when it was given one. */
export const endpointSchema = z.looseObject({
  name: z.catch(z.optional(z.string()), undefined),
  url: z.string(),
});

/** A URL group (the API's "topic") as the product reads it: its name and endpoints. */
export const urlGroupSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  endpoints: z.catch(z.array(endpointSchema), []),
  createdAt: z.catch(z.optional(z.number()), undefined),
  updatedAt: z.catch(z.optional(z.number()), undefined),
});

export type Endpoint = z.output<typeof endpointSchema>;
export type UrlGroup = z.output<typeof urlGroupSchema>;
export const urlGroupListSchema = z.array(urlGroupSchema);
