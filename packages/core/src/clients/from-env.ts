import { ConfigurationError } from "../errors/index.ts";
import { parseBaseUrl } from "../transport/base-url.ts";
import type { Environment } from "../transport/dispatcher.ts";
import type {
  ClientOptions,
  ManagementClientOptions,
  MessagingClientOptions,
  SearchIndexDataOptions,
} from "./client-options.ts";

/**
 * The variables the official SDKs and tools read, so that what works with them (and what the
 * emulator prints) works here. The management API has no official base URL variable: ours,
 * `STASHKIT_BASE_URL`, is the one the CLI reads and the emulator prints, so the printed lines
 * never send the emulator's credentials to the hosted API.
 */
const MESSAGING_ENV = { url: "QSTASH_URL", token: "QSTASH_TOKEN" } as const;
export const MANAGEMENT_URL_ENV = "STASHKIT_BASE_URL";
const MANAGEMENT_ENV = {
  email: "UPSTASH_EMAIL",
  apiKey: "UPSTASH_API_KEY",
  url: MANAGEMENT_URL_ENV,
} as const;
/** What the official search SDK's `Search.fromEnv()` reads, and what export-env writes. */
const SEARCH_DATA_ENV = { url: "UPSTASH_SEARCH_REST_URL", token: "UPSTASH_SEARCH_REST_TOKEN" } as const;

/** `QSTASH_URL` (optional) and `QSTASH_TOKEN`; an explicit `baseUrl` wins over `QSTASH_URL`. */
export function messagingOptionsFromEnv(options: ClientOptions): MessagingClientOptions {
  const env = options.env ?? process.env;
  const [token] = required(env, [MESSAGING_ENV.token], "the messaging API token", "MessagingClient");
  const url = present(env, MESSAGING_ENV.url);
  // Checked here, so that a bad value is reported under the variable's name, not as "baseUrl".
  if (options.baseUrl === undefined && url !== undefined) parseBaseUrl(url, MESSAGING_ENV.url);
  const baseUrl = options.baseUrl ?? url;
  return { ...options, token, ...(baseUrl === undefined ? {} : { baseUrl }) };
}

/** `UPSTASH_EMAIL`, `UPSTASH_API_KEY` and `STASHKIT_BASE_URL` (optional); an explicit `baseUrl` wins. */
export function managementOptionsFromEnv(options: ClientOptions): ManagementClientOptions {
  const env = options.env ?? process.env;
  const [email, apiKey] = required(
    env,
    [MANAGEMENT_ENV.email, MANAGEMENT_ENV.apiKey],
    "the account email and the management API key",
    "ManagementClient",
  );
  const url = present(env, MANAGEMENT_ENV.url);
  // Checked here, so that a bad value is reported under the variable's name, not as "baseUrl".
  if (options.baseUrl === undefined && url !== undefined) parseBaseUrl(url, MANAGEMENT_ENV.url);
  const baseUrl = options.baseUrl ?? url;
  return { ...options, email, apiKey, ...(baseUrl === undefined ? {} : { baseUrl }) };
}

/** `UPSTASH_SEARCH_REST_URL` and `UPSTASH_SEARCH_REST_TOKEN`; an explicit `baseUrl` wins over the URL. */
export function searchDataOptionsFromEnv(
  options: ClientOptions & { maxWritesPerRequest?: number },
): SearchIndexDataOptions {
  const env = options.env ?? process.env;
  const { baseUrl, ...rest } = options;
  if (baseUrl !== undefined) {
    const [token] = required(env, [SEARCH_DATA_ENV.token], "the index's token", "SearchIndexData");
    return { ...rest, url: baseUrl, token };
  }
  const names = [SEARCH_DATA_ENV.url, SEARCH_DATA_ENV.token] as const;
  const [url, token] = required(env, names, "the index's REST URL and token", "SearchIndexData");
  // Checked here, so that a bad value is reported under the variable's name, not as "url".
  parseBaseUrl(url, SEARCH_DATA_ENV.url);
  return { ...rest, url, token };
}

function present(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** Every named variable's value; a ConfigurationError naming each one that is unset or blank. */
function required<const Names extends readonly string[]>(
  env: Environment,
  names: Names,
  what: string,
  client: string,
): { [K in keyof Names]: string } {
  const values = names.map((name) => present(env, name));
  const missing = names.filter((_name, i) => values[i] === undefined);
  const [first] = missing;
  if (first !== undefined) {
    const list = missing.join(" and ");
    throw new ConfigurationError(
      first,
      `${list} ${missing.length > 1 ? "are" : "is"} not set: ${client}.fromEnv() reads ${what} from ${names.join(" and ")}; set ${missing.length > 1 ? "them" : "it"}, or pass the values to new ${client}({ \u2026 })`,
    );
  }
  return values as { [K in keyof Names]: string };
}
