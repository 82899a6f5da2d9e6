import { messagingErrors } from "../errors.ts";

const QUEUE_NAME = /^[A-Za-z0-9._-]+$/;

/** Queue names may only hold letters, digits, `-`, `.` and `_` (documented wording below). */
export function validQueueName(name: unknown): string {
  if (typeof name !== "string" || !QUEUE_NAME.test(name)) {
    throw messagingErrors.invalidName("Queue name");
  }
  return name;
}
