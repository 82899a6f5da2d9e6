import {
  type ClientOptions,
  type Deadline,
  IndexLookupError,
  type Logger,
  ManagementClient,
  MessagingClient,
  type Redactor,
  type RegionalClient,
  regionsFromEnv,
  type SearchIndex,
  SearchIndexData,
  validateQStashRegion,
} from "@stashkit/core";
import {
  clientLimits,
  DEFAULT_MANAGEMENT_URL,
  DEFAULT_MESSAGING_URL,
  EmulatorClient,
  MANAGEMENT_URL_ENV,
  parseBaseUrl,
} from "@stashkit/core/internal";
import type { CommandContext } from "./context.ts";
import { managementCredentials, messagingToken } from "./options/credentials.ts";
import { UsageError } from "./usage-error.ts";

export interface ConnectionFlags {
  region?: string;
  email?: string;
  apiKey?: string;
  token?: string;
  baseUrl?: string;
  messagingUrl?: string;
}

/**
 * What every client of one command shares: its retries, the command's ONE deadline, the
 * shared redactor, the CLI's name in the user agent and, with --verbose, a log on stderr.
 */
function clientOptions(context: CommandContext, deadline: Deadline): ClientOptions {
  const { common } = context;
  return {
    // Attempts, and each attempt's fair share of the time limit: core's rule, the actions' too.
    ...clientLimits(common),
    deadline,
    userAgentSuffix: `cli ${context.command}`,
    logger: stderrLogger(context),
    redactor: context.redactor,
    env: context.env,
  };
}

function stderrLogger(context: CommandContext): Logger {
  const { terminal, common } = context;
  return {
    debug: (message) => {
      if (common.verbose) terminal.err(`debug: ${message}`);
    },
    info: (message) => {
      if (common.verbose) terminal.err(message);
    },
    warning: (message) => {
      if (!common.quiet) terminal.warn(message);
    },
  };
}

/** Reads credentials and base URL and builds the client; nothing is sent. Bad values throw before. */
export function managementClient(flags: ConnectionFlags, context: CommandContext): ManagementClient {
  const credentials = managementCredentials(flags, context.env);
  context.redactor.add(credentials.apiKey);
  // Core's fromEnv() reads the same variable, and the emulator prints it beside the credentials.
  const fromEnv = context.env[MANAGEMENT_URL_ENV]?.trim() || undefined;
  const baseUrl = flags.baseUrl || fromEnv || DEFAULT_MANAGEMENT_URL;
  parseBaseUrl(baseUrl, flags.baseUrl || !fromEnv ? "--base-url" : MANAGEMENT_URL_ENV);
  return new ManagementClient({ ...credentials, baseUrl, ...clientOptions(context, context.deadline) });
}

export function messagingClient(flags: ConnectionFlags, context: CommandContext): MessagingClient {
  const token = messagingToken(flags, context.env);
  context.redactor.add(token);
  const baseUrl = flags.messagingUrl || context.env["QSTASH_URL"] || DEFAULT_MESSAGING_URL;
  parseBaseUrl(baseUrl, "--messaging-url");
  return new MessagingClient({ token, baseUrl, ...clientOptions(context, context.deadline) });
}

/** The client of an emulator replay sends into (`--to`), with this command's limits and redactor. */
export function emulatorClient(
  target: { baseUrl: string; token: string; controlToken: string | undefined },
  context: CommandContext,
): EmulatorClient {
  return new EmulatorClient({ ...target, ...clientOptions(context, context.deadline) });
}

/**
 * The regions a command acts on: with the official SDK's multi-region variables set
 * (`QSTASH_REGION`, `<REGION>_QSTASH_URL`, `<REGION>_QSTASH_TOKEN`) and neither --token nor
 * --messaging-url given, each configured region (--region keeps one), a client each; otherwise
 * the one client of `messagingClient`. Nothing is sent; bad values throw before.
 */
export function regionalClients(flags: ConnectionFlags, context: CommandContext): RegionalClient[] {
  const only = flags.region === undefined ? undefined : validateQStashRegion(flags.region, "--region");
  const given = Boolean(flags.token || flags.messagingUrl);
  const settings = given ? undefined : regionsFromEnv(context.env, only);
  if (settings === undefined) {
    if (only !== undefined) {
      throw new UsageError(
        "--region",
        `--region ${only} picks one of the regions the official SDK's variables configure: set QSTASH_REGION and ${only}_QSTASH_URL and ${only}_QSTASH_TOKEN${given ? ", without --token and --messaging-url" : ""}`,
      );
    }
    const client = messagingClient(flags, context);
    const tokenVariable = flags.token ? "--token" : "QSTASH_TOKEN";
    const urlVariable = flags.messagingUrl ? "--messaging-url" : "QSTASH_URL";
    return [{ setting: { region: undefined, baseUrl: client.baseUrl, tokenVariable, urlVariable }, client }];
  }
  return settings.map(({ token, ...setting }) => {
    context.redactor.add(token);
    const options = clientOptions(context, context.deadline);
    return { setting, client: new MessagingClient({ token, baseUrl: setting.baseUrl, ...options }) };
  });
}

/**
 * A messaging client of this URL and token (one of several regions' settings) with the command's
 * retries, deadline and redactor; the token is masked from here on. The URL is checked under
 * `from`, the name it came by (a variable or a flag), before anything is sent.
 */
export function messagingClientAt(
  at: { url: string; token: string; from: string },
  context: CommandContext,
): MessagingClient {
  context.redactor.add(at.token);
  parseBaseUrl(at.url, at.from);
  return new MessagingClient({
    token: at.token,
    baseUrl: at.url,
    ...clientOptions(context, context.deadline),
  });
}

export type { Redactor };

/** The options of a data-plane client of this command (an ensured index's, a clone source's). */
export function dataPlaneOptions(context: CommandContext): ClientOptions {
  return clientOptions(context, context.deadline);
}

/**
 * The data-plane client of the search index named `name` (exactly one must have that name), with
 * the command's retries, deadline and redactor; both its tokens are masked from here on.
 */
export async function searchDataClient(
  management: ManagementClient,
  name: string,
  context: CommandContext,
  options: { readOnly?: boolean; flag: string; ifMissing?: string },
): Promise<{ index: SearchIndex; data: SearchIndexData }> {
  const found = await management.searchIndexes.findByName(name);
  for (const index of found) context.redactor.add(index.token, index.read_only_token);
  const [index, ...others] = found;
  // Found by a listing, so a request went out: exit 1, not the 2 of a flag refused before sending.
  if (index === undefined) {
    const advice = options.ifMissing === undefined ? "" : `; ${options.ifMissing}`;
    throw new IndexLookupError(options.flag, `${options.flag}: no search index named "${name}"${advice}`, 0);
  }
  if (others.length > 0)
    throw new IndexLookupError(
      options.flag,
      `${options.flag}: ${found.length} search indexes are named "${name}"`,
      found.length,
    );
  const data = SearchIndexData.fromIndex(index, {
    ...clientOptions(context, context.deadline),
    readOnly: options.readOnly ?? false,
  });
  return { index, data };
}
