/** Public examples of a search index's REST host look like this; the form is inferred, not documented. */
export const DEFAULT_REST_URL_TEMPLATE = "https://{endpoint}-search.upstash.io";

/**
 * The REST URL of a search index, from its `endpoint` field:
 * - an absolute URL (`https://...`) is used as it is;
 * - a host name with a dot gets `https://` in front;
 * - a bare name such as `glowing-baboon-15797-us1` fills `template` (default above).
 */
export function restUrl(index: { endpoint: string }, template = DEFAULT_REST_URL_TEMPLATE): string {
  const endpoint = index.endpoint.trim();
  if (/^https?:\/\//i.test(endpoint)) return endpoint.replace(/\/+$/, "");
  if (endpoint.includes(".")) return `https://${endpoint.replace(/\/+$/, "")}`;
  return template.replaceAll("{endpoint}", endpoint);
}
