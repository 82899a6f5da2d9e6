import { ConfigurationError } from "../errors/index.ts";
import { SEARCH_PLANS, SEARCH_REGIONS, type SearchPlan, type SearchRegion } from "./search-index.ts";
import { hasUnsafeCharacter, isDotSegment, isSafeId, MAX_ID_LENGTH } from "./server-values.ts";

export const QUEUE_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/**
 * Longest queue and index names stashkit sends. Neither API documents a limit; these are ours,
 * generous for names made from templates (a 40-character branch and more) and far below what
 * would make a request or a log line unwieldy.
 */
export const MAX_QUEUE_NAME_LENGTH = 128;
export const MAX_INDEX_NAME_LENGTH = 128;

/** A value too long to quote whole in a message: its start and its length. */
function tooLong(input: string, value: string, max: number, what: string): ConfigurationError {
  return new ConfigurationError(
    input,
    `${input} ${JSON.stringify(`${value.slice(0, 20)}\u2026`)} is ${value.length} characters long: ${what} may have at most ${max}`,
  );
}

/** Checks run before any request. `input` is the name the caller knows the value by. */
export function validateQueueName(name: string, input = "queueName"): string {
  if (name.length > MAX_QUEUE_NAME_LENGTH) throw tooLong(input, name, MAX_QUEUE_NAME_LENGTH, "queue names");
  if (!QUEUE_NAME_PATTERN.test(name)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} is invalid: queue names may contain only letters, digits, "-", "." and "_"`,
    );
  }
  // A queue name is a path segment: "." and ".." would name another path.
  if (isDotSegment(name))
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} is invalid: "." and ".." are not queue names`,
    );
  return name;
}

export function validateIndexName(name: string, input = "name"): string {
  if (name.trim() === "") throw new ConfigurationError(input, `${input} must not be empty`);
  if (name.length > MAX_INDEX_NAME_LENGTH) throw tooLong(input, name, MAX_INDEX_NAME_LENGTH, "index names");
  if (name !== name.trim()) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} must not start or end with whitespace`,
    );
  }
  if (hasUnsafeCharacter(name) || isDotSegment(name)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} is invalid: index names may not be "." or "..", nor contain control characters (line breaks, tabs), "/" or "\\"`,
    );
  }
  return name;
}

/** An index id about to go into a path (`/v2/search/{id}`). */
export function validateIndexId(id: string, input = "id"): string {
  if (id.trim() === "") throw new ConfigurationError(input, `${input} must not be empty`);
  if (id.length > MAX_ID_LENGTH) throw tooLong(input, id, MAX_ID_LENGTH, "ids");
  if (!isSafeId(id)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(id)} is invalid: an id may not be "." or "..", have surrounding spaces, nor contain control characters, "/" or "\\"`,
    );
  }
  return id;
}

export function validateRegion(region: string, input = "region"): SearchRegion {
  return oneOf(region, SEARCH_REGIONS, input);
}

export function validatePlan(plan: string, input = "type"): SearchPlan {
  return oneOf(plan, SEARCH_PLANS, input);
}

export function oneOf<const T extends readonly string[]>(
  value: string,
  accepted: T,
  input: string,
): T[number] {
  if (!accepted.includes(value)) {
    throw new ConfigurationError(
      input,
      `${input} must be one of ${accepted.join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
  return value as T[number];
}

/** The pattern the messaging API states for schedule ids. */
export const SCHEDULE_ID_PATTERN = /^[A-Za-z0-9._-]+$/;

export function validateScheduleId(id: string, input = "scheduleId"): string {
  if (!SCHEDULE_ID_PATTERN.test(id)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(id)} is invalid: schedule ids may contain only letters, digits, "-", "." and "_"`,
    );
  }
  return id;
}

// Not documented: keys, labels and destination prefixes are free text to the API. What is
// refused here could not travel as one item of a list input or be printed on one log line.
const WORD_PATTERN = /^[^\s,\p{Cc}]+$/u;

/**
 * A flow-control key, a schedule label or a destination prefix: one word without whitespace,
 * commas or control characters.
 */
export function validateWord(value: string, input: string, what: string): string {
  if (!WORD_PATTERN.test(value)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(value)} is invalid: a ${what} must be one word without whitespace, commas or control characters`,
    );
  }
  return value;
}

export function validateFlowControlKey(key: string, input = "flowControlKey"): string {
  return validateWord(key, input, "flow-control key");
}
