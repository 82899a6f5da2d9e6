import { ConfigurationError } from "../errors/index.ts";

/**
 * How a destination goes on the wire, for a schedule and a publish alike: `https://app/hook?x=1`
 * as the path `https://app/hook` and the query `x=1` (kept out of messages and log lines, as every
 * query is); a URL group's name as a path segment.
 */
export function destinationParts(destination: string): {
  destinationPath: string;
  rawQuery: string | undefined;
} {
  if (!/^https?:\/\//.test(destination)) {
    return { destinationPath: encodeURIComponent(destination), rawQuery: undefined };
  }
  if (/[\s#\p{Cc}]/u.test(destination)) {
    throw new ConfigurationError(
      "destination",
      "a destination must not contain whitespace, control characters or #",
    );
  }
  const at = destination.indexOf("?");
  return at < 0
    ? { destinationPath: destination, rawQuery: undefined }
    : { destinationPath: destination.slice(0, at), rawQuery: destination.slice(at + 1) };
}
