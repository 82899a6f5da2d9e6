export type { ClientOptions } from "./clients/client-options.ts";
export {
  basicCredential,
  DEFAULT_MANAGEMENT_URL,
  ManagementClient,
  type ManagementClientOptions,
} from "./clients/management-client.ts";
export {
  DEFAULT_MESSAGING_URL,
  MessagingClient,
  type MessagingClientOptions,
} from "./clients/messaging-client.ts";
export * from "./errors/index.ts";
export {
  type DeletedIndex,
  type DeleteSearchIndexInput,
  deleteById,
  deleteSearchIndex,
} from "./operations/delete-search-index.ts";
export {
  type EnsureResult,
  type EnsureSearchIndexInput,
  ensureSearchIndex,
  oldest,
} from "./operations/ensure-search-index.ts";
export {
  expandNameTemplate,
  sanitize,
  TEMPLATE_PLACEHOLDERS,
  type TemplateContext,
} from "./operations/name-template.ts";
export {
  type PruneResult,
  type PruneSearchIndexesInput,
  pruneSearchIndexes,
  type TemplateValues,
  templateMatcher,
} from "./operations/prune-search-indexes.ts";
export { DEFAULT_REST_URL_TEMPLATE, restUrl } from "./operations/rest-url.ts";
export { type QueueOutcome, type ResumeQueuesInput, resumeQueues } from "./operations/resume-queues.ts";
export type { QueuesResource, UpsertQueueInput } from "./resources/queues.ts";
export type { CreateSearchIndexInput, SearchIndexesResource } from "./resources/search-indexes.ts";
export {
  QUEUE_NAME_PATTERN,
  validateIndexName,
  validatePlan,
  validateQueueName,
  validateRegion,
} from "./schemas/inputs.ts";
export type { Queue } from "./schemas/queue.ts";
export {
  normalizePlan,
  SEARCH_PLANS,
  SEARCH_REGIONS,
  type SearchIndex,
  type SearchPlan,
  type SearchRegion,
} from "./schemas/search-index.ts";
export { isLoopbackHost, parseBaseUrl } from "./transport/base-url.ts";
export { type Clock, systemClock } from "./transport/clock.ts";
export type { Logger } from "./transport/logger.ts";
export { maskSecretFields, maskSecretText, Redactor } from "./transport/redactor.ts";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./transport/retry-policy.ts";
export type { CallOptions } from "./transport/transport.ts";
export { userAgent } from "./transport/user-agent.ts";
export { VERSION } from "./version.ts";
