import type { IncomingMessage } from "node:http";
import type { SearchIndexRecord } from "./store.ts";

/**
 * An index as the management API answers it. By default (the `searchEndpoint` setting at "url")
 * its `endpoint` is this emulator's data-plane URL for the index (host and port as the request
 * reached the emulator), which core's `restUrl()` passes through unchanged, so the `rest-url` an
 * action or the CLI derives from it reaches the emulator; at "name" it is the bare name, as the
 * service gives it. The stored record keeps the bare name either way.
 */
export function answeredIndex(
  index: SearchIndexRecord,
  req: IncomingMessage,
  form: "name" | "url",
): SearchIndexRecord {
  if (form === "name") return index;
  const host = req.headers.host ?? `${req.socket.localAddress ?? "127.0.0.1"}:${req.socket.localPort ?? 80}`;
  return { ...index, endpoint: `http://${host}/search/${index.endpoint}` };
}
