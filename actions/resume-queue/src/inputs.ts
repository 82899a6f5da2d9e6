import { readBoolean, readChoice, readList } from "@stashkit/action-kit";
import { ConfigurationError, validateQueueName } from "@stashkit/core";

export interface ResumeInputs {
  queueNames: string[];
  ifMissing: "fail" | "skip";
  maskEndpoint: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the token). */
export function readResumeInputs(): ResumeInputs {
  const queueNames = readList("queue-name");
  if (queueNames.length === 0) {
    throw new ConfigurationError(
      "queue-name",
      "input queue-name is required: one queue name, or several separated by newlines or commas",
    );
  }
  for (const name of queueNames) validateQueueName(name, "queue-name");
  return {
    queueNames,
    ifMissing: readChoice("if-missing", ["fail", "skip"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
  };
}
