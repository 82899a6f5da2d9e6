import {
  readBoolean,
  readChoice,
  readInput,
  readList,
  readStepLimits,
  readWithEnvFallback,
  registerSecrets,
} from "@stashkit/action-kit";
import { ConfigurationError, DEFAULT_MESSAGING_URL, parseBaseUrl, validateQueueName } from "@stashkit/core";

export interface ResumeInputs {
  queueNames: string[];
  token: string;
  messagingUrl: string;
  ifMissing: "fail" | "skip";
  maskEndpoint: boolean;
  maxAttempts: number;
  timeoutSeconds: number;
}

export const CREDENTIAL_INPUTS = ["token"];

/** Reads and checks every input before anything is sent; the token is registered as a secret first. */
export function readResumeInputs(): ResumeInputs {
  const token = readWithEnvFallback("token", "QSTASH_TOKEN");
  registerSecrets(token);

  const queueNames = readList("queue-name");
  if (queueNames.length === 0) {
    throw new ConfigurationError(
      "queue-name",
      "input queue-name is required: one queue name, or several separated by newlines or commas",
    );
  }
  for (const name of queueNames) validateQueueName(name, "queue-name");
  const messagingUrl =
    readInput("messaging-url") || (process.env["QSTASH_URL"] ?? "").trim() || DEFAULT_MESSAGING_URL;
  parseBaseUrl(messagingUrl, "messaging-url");
  const inputs: ResumeInputs = {
    queueNames,
    token,
    messagingUrl,
    ifMissing: readChoice("if-missing", ["fail", "skip"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
    ...readStepLimits(),
  };
  if (token === "") throw new ConfigurationError("token", "input token is empty and QSTASH_TOKEN is not set");
  return inputs;
}
