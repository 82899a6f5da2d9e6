import { splitList, validateQueueName } from "@stashkit/core/internal";
import { UsageError } from "../usage-error.ts";

/** The positional queue names (commas separate too), each checked before anything is sent. */
export function readQueueNames(given: readonly string[] | undefined): string[] {
  const names = splitList(given);
  if (names.length === 0) throw new UsageError("<names...>", "name at least one queue");
  return names.map((name) => validateQueueName(name, "queue name"));
}
