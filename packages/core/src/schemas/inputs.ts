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
