import { type EnsureResult, restUrl } from "@stashkit/core";

export type EnsureOutputs = Record<
  "id" | "name" | "region" | "type" | "endpoint" | "rest-url" | "token" | "read-only-token" | "created",
  string
>;

export function ensureOutputs(result: EnsureResult): EnsureOutputs {
  const { index } = result;
  return {
    id: index.id,
    name: index.name,
    region: index.region,
    type: index.type,
    endpoint: index.endpoint,
    "rest-url": restUrl(index),
    token: index.token,
    "read-only-token": index.read_only_token,
    created: String(result.created),
  };
}

/** The values the runner must mask: always the tokens; the endpoint too unless asked otherwise. */
export function secretOutputs(outputs: EnsureOutputs, maskEndpoint: boolean): string[] {
  const secrets = [outputs.token, outputs["read-only-token"]];
  return maskEndpoint ? [...secrets, outputs.endpoint, outputs["rest-url"]] : secrets;
}
