import { messagingErrors } from "../errors.ts";
import { EMULATOR_OWN_PREFIX, isOwnPath } from "./delivery/delivery-gate.ts";

/**
 * The destination of `/v2/publish/{destination}`, `/v2/enqueue/{queue}/{destination}` and
 * `/v2/schedules/{destination}`: the rest of the path, plus the request's query string,
 * which belongs to the destination (`…/publish/https://app/hook?x=1` delivers to
 * `https://app/hook?x=1`). The `qstash_token` parameter is the caller's credential, not the
 * destination's, and is dropped. Other parameters are kept byte for byte.
 */
export function destinationUrl(pathRest: string, requestUrl: string): string {
  let base = pathRest;
  // Some clients percent-encode the whole URL into one path segment.
  if (/^https?%3A/i.test(base)) {
    try {
      base = decodeURIComponent(base);
    } catch {
      // keep it as sent; the check below names it
    }
  }
  const queryStart = requestUrl.indexOf("?");
  const query =
    queryStart < 0
      ? ""
      : requestUrl
          .slice(queryStart + 1)
          .split("&")
          .filter((pair) => pair !== "" && !pair.startsWith("qstash_token="))
          .join("&");
  const url = query === "" ? base : `${base}${base.includes("?") ? "&" : "?"}${query}`;
  return checkedUrl(url);
}

/** A batch entry's `destination` field, or a DLQ message's stored URL. */
export function checkedUrl(url: string): string {
  if (/^https?:\/\/[^/]/.test(url) && URL.canParse(url)) {
    // Refused here with a clear 400; the delivery gate refuses it again at send time.
    if (isOwnPath(new URL(url).pathname)) {
      throw messagingErrors.ownDestination(EMULATOR_OWN_PREFIX);
    }
    return url;
  }
  if (/^[A-Za-z0-9._-]+$/.test(url)) {
    throw messagingErrors.urlGroupDestination(url);
  }
  throw messagingErrors.invalidDestination(url);
}
