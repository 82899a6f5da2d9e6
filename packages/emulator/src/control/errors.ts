import { namedError } from "../http/errors.ts";
import type { ControlRefusal } from "./access.ts";

/**
 * Every error the emulator's own APIs (control, and the inspector's JSON) answer, by meaning: a
 * handler throws one of these, this file decides its status and words, the profile sends `{"error": "…"}`.
 */
export const controlErrors = {
  /** Something the caller names that the emulator does not hold: `no workflow run "wfr_1"`. */
  notFound: (kind: string, name: string) => namedError("NotFound", 404, `no ${kind} "${name}"`),
  /** A lever of an API this emulator was started without (`apis`). */
  notMounted: (api: string) => namedError("NotMounted", 404, `no ${api} is mounted`),
  /** The access rule's answer (`access.ts`): 401 without the control token, 403 from another site. */
  refused: (refusal: ControlRefusal) =>
    namedError(refusal.status === 401 ? "Unauthorized" : "Forbidden", refusal.status, refusal.reason),
  /** A body or query the route cannot use; `why` says what it expected. */
  invalidRequest: (why: string) => namedError("InvalidRequest", 400, why),
};
