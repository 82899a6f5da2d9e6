import { ConfigurationError } from "../errors/index.ts";
import { SEARCH_PLANS, SEARCH_REGIONS, type SearchPlan, type SearchRegion } from "./search-index.ts";

export const QUEUE_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Checks run before any request. `input` is the name the caller knows the value by. */
export function validateQueueName(name: string, input = "queueName"): string {
  if (!QUEUE_NAME_PATTERN.test(name)) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} is invalid: queue names may contain only letters, digits, "-", "." and "_"`,
    );
  }
  return name;
}

export function validateIndexName(name: string, input = "name"): string {
  if (name.trim() === "") throw new ConfigurationError(input, `${input} must not be empty`);
  if (name !== name.trim()) {
    throw new ConfigurationError(
      input,
      `${input} ${JSON.stringify(name)} must not start or end with whitespace`,
    );
  }
  return name;
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
