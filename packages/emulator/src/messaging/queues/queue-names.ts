import { HttpError } from "../../http/reply.ts";

const QUEUE_NAME = /^[A-Za-z0-9._-]+$/;

/** Queue names may only hold letters, digits, `-`, `.` and `_` (documented wording below). */
export function validQueueName(name: unknown): string {
  if (typeof name !== "string" || !QUEUE_NAME.test(name)) {
    throw new HttpError(
      400,
      "Queue name is invalid. Queue names can only contain alphanumeric characters, hyphens, periods, and underscores.",
    );
  }
  return name;
}
