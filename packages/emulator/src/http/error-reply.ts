import type { ManagementErrorStyle } from "../options.ts";
import type { Api } from "../routes.ts";
import { HttpError, type Reply } from "./reply.ts";

/** Renders an error the way each API words it; anything but an `HttpError` is a bug and rethrown. */
export function errorReply(api: Api, error: unknown, style: ManagementErrorStyle): Reply {
  if (!(error instanceof HttpError)) throw error;
  const base = { status: error.status, headers: error.headers };
  if (api === "messaging") return { ...base, json: { error: error.message } };
  switch (style) {
    case "text":
      return { ...base, text: error.message };
    case "json-string":
      return { ...base, json: error.message };
    case "error-object":
      return { ...base, json: { error: error.message } };
    case "message-object":
      return { ...base, json: { message: error.message } };
  }
}
