import { Cron } from "croner";
import { MAX_QUEUE_NAME_LENGTH } from "../schemas/inputs.ts";
import type { FieldPath, SourcePlaces } from "./source-places.ts";

/** A cron expression as the API takes it: 5 fields, optionally after `CRON_TZ=<IANA zone>`. */
export function checkCron(places: SourcePlaces, path: FieldPath, expression: string): string {
  const match = /^\s*(?:CRON_TZ=(\S+)\s+)?(.+?)\s*$/.exec(expression);
  const pattern = match?.[2] ?? "";
  if (pattern.split(/\s+/).length !== 5) {
    places.fail(
      path,
      `${JSON.stringify(expression)} must have 5 fields (minute hour day-of-month month day-of-week), optionally after CRON_TZ=<zone>`,
    );
  }
  try {
    new Cron(pattern, { mode: "5-part", timezone: match?.[1] ?? "Etc/UTC", paused: true }).nextRun();
  } catch (error) {
    places.fail(
      path,
      `${JSON.stringify(expression)} is not a valid cron expression: ${(error as Error).message}`,
    );
  }
  return expression.trim();
}

/** An http(s) URL, whole, with nothing a request line cannot carry. */
export function checkUrl(places: SourcePlaces, path: FieldPath, url: string): string {
  if (!/^https?:\/\/[^/\s]/.test(url) || !URL.canParse(url) || /[\s#\p{Cc}]/u.test(url)) {
    places.fail(
      path,
      `${JSON.stringify(url)} is not a usable URL: http:// or https://, no spaces, no #fragment`,
    );
  }
  return url;
}

/** A whole name (prefix included) the API accepts for a queue, a URL group or a schedule id. */
export function checkLength(places: SourcePlaces, path: FieldPath, name: string): string {
  if (name.length > MAX_QUEUE_NAME_LENGTH) {
    places.fail(
      path,
      `${JSON.stringify(name)} is ${name.length} characters long with its prefix: at most ${MAX_QUEUE_NAME_LENGTH}`,
    );
  }
  return name;
}

/** A header value goes on one line; a secret's value is never quoted. */
export function checkHeaderValue(
  places: SourcePlaces,
  path: FieldPath,
  value: string,
  secret: boolean,
): string {
  if (/[\r\n\p{Cc}]/u.test(value)) {
    places.fail(
      path,
      `the value${secret ? " (from a secret)" : ""} holds a line break or NUL, which no header can carry`,
    );
  }
  return value;
}

/** Two declarations that make one name in an environment: the second is refused. */
export function refuseTwice(
  places: SourcePlaces,
  entries: readonly { key: string; path: FieldPath }[],
  what: string,
): void {
  const seen = new Map<string, FieldPath>();
  for (const { key, path } of entries) {
    const first = seen.get(key);
    if (first !== undefined) {
      places.fail(
        path,
        `makes the ${what} ${JSON.stringify(key)} a second time (first at line ${places.place(first).line})`,
      );
    }
    seen.set(key, path);
  }
}
