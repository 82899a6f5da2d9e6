import { VERSION } from "../version.ts";

/** `stashkit/<version> (+<caller>) node/<version>`; the caller part only when there is one. */
export function userAgent(caller?: string): string {
  const via = caller ? ` (+${caller.replace(/[^\w./@+-]/g, "")})` : "";
  return `stashkit/${VERSION}${via} node/${process.versions.node}`;
}
