import type { MessagingClient } from "@stashkit/core";
import { type QStashRegion, type RegionalClient, regionsFromEnv } from "@stashkit/core";
import { messagingCredentialForms } from "@stashkit/core/internal";
import { readInput } from "../inputs.ts";
import type { Step } from "./open-step.ts";

/**
 * The regions a messaging step acts on. With the official SDK's multi-region variables set
 * (`QSTASH_REGION`, `<REGION>_QSTASH_URL` and `<REGION>_QSTASH_TOKEN`) and neither the token
 * nor the messaging-url input given: each configured region (`only` keeps one), a client each,
 * with the step's limits, deadline and redactor (the tokens were masked when the step opened).
 * Otherwise the step's one client, as before.
 */
export async function regionalClients(
  step: Step<MessagingClient, "token">,
  only?: QStashRegion,
): Promise<RegionalClient[]> {
  const given = readInput("token") !== "" || readInput("messaging-url") !== "";
  const settings = given ? undefined : regionsFromEnv(process.env, only);
  if (settings === undefined) {
    const client = await step.client();
    const tokenVariable = readInput("token") === "" ? "QSTASH_TOKEN" : "the token input";
    const urlVariable = readInput("messaging-url") === "" ? "QSTASH_URL" : "the messaging-url input";
    return [{ setting: { region: undefined, baseUrl: client.baseUrl, tokenVariable, urlVariable }, client }];
  }
  const { MessagingClient: Client } = await import("./clients/messaging.ts");
  return settings.map(({ token, ...setting }) => {
    step.redactor.add(...messagingCredentialForms(token));
    return { setting, client: new Client({ token, baseUrl: setting.baseUrl, ...step.clientOptions }) };
  });
}
