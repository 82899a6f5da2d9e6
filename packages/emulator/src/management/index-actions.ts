import { ok, parseJsonBody } from "../http/reply.ts";
import type { ApiRoute } from "../routes.ts";
import type { Store } from "../state/store.ts";
import { newIndexToken } from "./new-index.ts";
import {
  type ManagementSettings,
  nonEmptyString,
  objectBody,
  ownedIndex,
  refuseDuplicateName,
} from "./owned-indexes.ts";

/** `POST /v2/search/{id}/rename|reset-password|transfer`; each answers the JSON string "OK". */
export function indexActionRoutes(store: Store, settings: ManagementSettings) {
  const rename: ApiRoute = {
    api: "management",
    handle(context) {
      const target = ownedIndex(store, context);
      const name = nonEmptyString(objectBody(parseJsonBody(context.rawBody), "name")["name"], "name");
      if (name !== target.index.name) refuseDuplicateName(store, context, settings, name);
      target.index.name = name;
      store.commit();
      return ok("OK");
    },
  };

  const resetPassword: ApiRoute = {
    api: "management",
    handle(context) {
      const target = ownedIndex(store, context);
      target.index.token = newIndexToken();
      target.index.read_only_token = newIndexToken();
      store.commit();
      return ok("OK");
    },
  };

  /**
   * The real API moves the index to a team account. Accounts here are emails, so the
   * target becomes the owner: a configured account of that email sees it from then on,
   * and the caller no longer does.
   */
  const transfer: ApiRoute = {
    api: "management",
    handle(context) {
      const target = ownedIndex(store, context);
      const body = objectBody(parseJsonBody(context.rawBody), "target_account");
      const account = nonEmptyString(body["target_account"], "target_account");
      target.owner = account;
      target.index.customer_id = account;
      store.commit();
      return ok("OK");
    },
  };

  return { rename, resetPassword, transfer };
}
