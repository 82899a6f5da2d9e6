import { SearchIndexesResource } from "../resources/search-indexes.ts";
import { baseUrlString } from "../transport/base-url.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { RetryBudget } from "../transport/retry-budget.ts";
import type { Transport } from "../transport/transport.ts";
import {
  buildTransport,
  type ClientOptions,
  type ManagementClientOptions,
  requireSecret,
} from "./client-options.ts";
import { basicCredential, managementCredentialForms } from "./credential-forms.ts";
import { DEFAULT_MANAGEMENT_URL } from "./default-urls.ts";
import { MANAGEMENT_URL_ENV, managementOptionsFromEnv } from "./from-env.ts";

export type { ManagementClientOptions };
/** The variable naming the management API's base URL: `fromEnv()` and the CLI read it, the emulator prints it. */
export { MANAGEMENT_URL_ENV };

/** Client of the management API (search indexes), authenticated with HTTP Basic. */
export class ManagementClient {
  readonly searchIndexes: SearchIndexesResource;
  readonly #transport: Transport;
  readonly #redact: (text: string) => string;

  constructor(options: ManagementClientOptions) {
    const email = requireSecret(options.email, "email", "set the account email (UPSTASH_EMAIL)");
    const apiKey = requireSecret(options.apiKey, "apiKey", "set the management API key (UPSTASH_API_KEY)");
    const basic = basicCredential(email, apiKey);
    // Every form, the email alone included: it is half of the credential.
    const { transport, redactor } = buildTransport(options, {
      defaultBaseUrl: DEFAULT_MANAGEMENT_URL,
      authorization: `Basic ${basic}`,
      secrets: managementCredentialForms(email, apiKey),
    });
    this.#transport = transport;
    this.#redact = (text) => redactor.redact(text);
    this.searchIndexes = new SearchIndexesResource(transport);
  }

  /**
   * A client configured from `UPSTASH_EMAIL`, `UPSTASH_API_KEY` and `STASHKIT_BASE_URL` (default
   * https://api.upstash.com; the emulator prints its own), read from `options.env` or
   * `process.env`; any option given wins over the environment.
   */
  static fromEnv(options: ClientOptions = {}): ManagementClient {
    return new ManagementClient(managementOptionsFromEnv(options));
  }

  get baseUrl(): string {
    return baseUrlString(this.#transport.baseUrl);
  }

  /** The attempts, backoff and deadline an operation may spend repeating a call of its own. */
  retryBudget(call?: CallOptions): RetryBudget {
    return this.#transport.retryBudget(call);
  }

  redact(text: string): string {
    return this.#redact(text);
  }
}

export { basicCredential };
