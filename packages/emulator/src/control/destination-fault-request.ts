import type { DestinationFault } from "../messaging/engine/delivery/destination-faults.ts";
import { controlErrors } from "./errors.ts";

/**
 * A destination fault as given (in code or `POST /__stashkit/destination-faults`), checked: a
 * URL, a whole number of times from 1, a status from 100 to 599 when given. A 400 names the field.
 */
export function checkedFault(raw: unknown): DestinationFault {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw controlErrors.invalidRequest(
      'expected {"destination": "https://app/api", "times": 2, "status"?: 500, "body"?: "…"}',
    );
  }
  const { destination, times, status, body } = raw as Record<string, unknown>;
  if (typeof destination !== "string" || !/^https?:\/\//.test(destination)) {
    throw controlErrors.invalidRequest("destination must be an http(s) URL");
  }
  if (typeof times !== "number" || !Number.isSafeInteger(times) || times < 1) {
    throw controlErrors.invalidRequest("times must be a whole number of 1 or more");
  }
  if (
    status !== undefined &&
    (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599)
  ) {
    throw controlErrors.invalidRequest(
      "status must be an HTTP status from 100 to 599 (leave it out: unreachable)",
    );
  }
  if (body !== undefined && typeof body !== "string")
    throw controlErrors.invalidRequest("body must be a string");
  return {
    destination,
    times,
    ...(status === undefined ? {} : { status: status as number }),
    ...(body === undefined ? {} : { body }),
  };
}
