/** What the official QStash SDKs read: `new Client()` and `new Receiver()` with no arguments. */
export interface QStashEnv {
  QSTASH_URL: string;
  QSTASH_TOKEN: string;
  QSTASH_CURRENT_SIGNING_KEY: string;
  QSTASH_NEXT_SIGNING_KEY: string;
}

/** What the SDK's dev mode reads: `new Client()` and `new Receiver()` then need nothing else. */
export interface QStashDevEnv {
  QSTASH_DEV: "true";
  QSTASH_DEV_PORT: string;
}

/** What `@stashkit/core`'s `ManagementClient.fromEnv()` and the `stashkit` CLI read. */
export interface ManagementEnv {
  STASHKIT_BASE_URL: string;
  UPSTASH_EMAIL: string;
  UPSTASH_API_KEY: string;
}

/** What `Search.fromEnv()` of `@upstash/search` (and `upstash-search` for Python) reads. */
export interface SearchEnv {
  UPSTASH_SEARCH_REST_URL: string;
  UPSTASH_SEARCH_REST_TOKEN: string;
}

/** The credentials the container accepts; every one is chosen here and passed in at start. */
export interface Credentials {
  messagingToken: string;
  /** Reads only: writes with it answer 403. */
  readOnlyToken: string;
  email: string;
  apiKey: string;
  signingKeys: { current: string; next: string };
  controlToken: string;
}
