import { lazily } from "./lazily.ts";
import {
  isSafeServerName,
  isServerEndpoint,
  isServerId,
  isServerText,
  isServerToken,
  MAX_ID_LENGTH,
  MAX_SERVER_NAME_LENGTH,
  MAX_TOKEN_LENGTH,
  type ServerValueKind,
} from "./server-values.ts";
import * as z from "./zod.ts";

// The zod schemas of the values in `server-values.ts`, in a module of their own so that what only
// checks an input (an action refusing one, bench S4) loads no zod. The messages never quote the
// value: it is exactly what must not be printed.

export const serverIdSchema = lazily(() =>
  z.string().check(
    z.minLength(1),
    z.refine(isServerId, {
      message: `not usable as an id (over ${MAX_ID_LENGTH} characters, or a character other than letters, digits and _ . : -)`,
    }),
  ),
);

export const serverTokenSchema = lazily(() =>
  z.string().check(
    z.minLength(1),
    z.refine(isServerToken, {
      message: `not usable as a token (over ${MAX_TOKEN_LENGTH} characters, or a character other than letters, digits and + / = _ . : -)`,
    }),
  ),
);

export const serverEndpointSchema = lazily(() =>
  z.string().check(
    z.minLength(1),
    z.refine(isServerEndpoint, {
      message: `not usable as an endpoint (over ${MAX_SERVER_NAME_LENGTH} characters, or a character other than letters, digits and _ . ~ : / [ ] -)`,
    }),
  ),
);

export const serverNameSchema = lazily(() =>
  z.string().check(
    z.refine(isSafeServerName, {
      message: `not usable as a name (over ${MAX_SERVER_NAME_LENGTH} characters, "." or "..", a control character or a path separator)`,
    }),
  ),
);

/** Other printed values from the API (region, plan, endpoint, which may be a URL): no control characters. */
export const serverTextSchema = lazily(() =>
  z.string().check(
    z.refine(isServerText, {
      message: `not usable text (over ${MAX_SERVER_NAME_LENGTH} characters, or a control character)`,
    }),
  ),
);

/** The schema of each kind of value in `SERVER_VALUE_CHECKS`, each built on that kind's check. */
export const SERVER_VALUE_SCHEMAS: Record<ServerValueKind, () => z.ZodMiniType<string>> = {
  id: serverIdSchema,
  token: serverTokenSchema,
  endpoint: serverEndpointSchema,
  name: serverNameSchema,
  text: serverTextSchema,
};
