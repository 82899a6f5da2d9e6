export interface RequestLogEntry {
  method: string;
  /** The path without its query string (which may carry a token). */
  path: string;
  /** The matched route, e.g. `POST /v2/search`, or `null` when nothing matched. */
  route: string | null;
  /** The status sent, or what happened to the connection instead. */
  status: number | "reset" | "hang";
  /** The scheme only: `Bearer [redacted]`, `Basic [redacted]`, `none`. */
  authorization: string;
  at: number;
}
