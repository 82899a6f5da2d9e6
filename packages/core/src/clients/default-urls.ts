// The public APIs' base URLs, apart from the clients: an action reads its base URL input (and
// may refuse it) before it loads a client (see action-kit's `Step.client`).

/** The management API (search indexes). */
export const DEFAULT_MANAGEMENT_URL = "https://api.upstash.com";
/** The messaging API (queues, schedules, flow control). */
export const DEFAULT_MESSAGING_URL = "https://qstash.upstash.io";
