import { ok, parseJsonBody } from "../http/reply.ts";
import { newIndexToken } from "./new-index.ts";
import {
  type ManagementContext,
  type ManagementSettings,
  nonEmptyString,
  objectBody,
  ownedIndex,
  refuseDuplicateName,
} from "./owned-indexes.ts";
import type { IndexStore } from "./store.ts";

/** `POST /v2/search/{id}/rename|reset-password|transfer`; each answers the JSON string "OK". */
export function indexActionHandlers(store: IndexStore, settings: ManagementSettings) {
  return {
    rename(context: ManagementContext) {
      const target = ownedIndex(store, context);
      const name = nonEmptyString(objectBody(parseJsonBody(context.rawBody), "name")["name"], "name");
      if (name !== target.index.name) refuseDuplicateName(store, context, settings, name);
      store.put({ ...target, index: { ...target.index, name } });
      return ok("OK");
    },
    resetPassword(context: ManagementContext) {
      const target = ownedIndex(store, context);
      store.put({
        ...target,
        index: { ...target.index, token: newIndexToken(), read_only_token: newIndexToken() },
      });
      return ok("OK");
    },
    /**
     * The real API moves the index to a team account. Accounts here are emails, so the
     * target becomes the owner: a configured account of that email sees it from then on,
     * and the caller no longer does.
     */
    transfer(context: ManagementContext) {
      const target = ownedIndex(store, context);
      const body = objectBody(parseJsonBody(context.rawBody), "target_account");
      const account = nonEmptyString(body["target_account"], "target_account");
      store.put({ owner: account, index: { ...target.index, customer_id: account } });
      return ok("OK");
    },
  };
}
