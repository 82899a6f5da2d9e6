export type { ClientOptions, SearchIndexDataOptions } from "./clients/client-options.ts";
export {
  managementCredentialForms,
  messagingCredentialForms,
  withPercentEncoded,
} from "./clients/credential-forms.ts";
export { DEFAULT_MANAGEMENT_URL, DEFAULT_MESSAGING_URL } from "./clients/default-urls.ts";
export {
  basicCredential,
  MANAGEMENT_URL_ENV,
  ManagementClient,
  type ManagementClientOptions,
} from "./clients/management-client.ts";
export {
  MessagingClient,
  type MessagingClientOptions,
} from "./clients/messaging-client.ts";
export {
  type FromIndexOptions,
  type IndexCredentials,
  SearchIndexData,
} from "./clients/search-index-data.ts";
export * from "./errors/index.ts";
export { escapeMarkdown, markdownTable } from "./lib/markdown.ts";
export { preferSmallHeap } from "./lib/prefer-small-heap.ts";
export {
  type CloneResult,
  type CloneSearchIndexInput,
  cloneSearchIndex,
  sdkIndexesWithDocuments,
} from "./operations/clone-search-index.ts";
export {
  actOnDlq,
  checkMessageFilter,
  type FilterNames,
  listDlqMessages,
  MAX_DLQ_MESSAGES,
  requireSelection,
} from "./operations/dead-letters.ts";
export { deleteById } from "./operations/delete-by-id.ts";
export {
  type DeleteSdkIndexInput,
  deleteSdkIndex,
  type MatchedSdkIndex,
  type PruneSdkIndexesInput,
  pruneSdkIndexes,
} from "./operations/delete-sdk-index.ts";
export {
  type DeleteSearchIndexInput,
  deleteSearchIndex,
  type IndexRef,
} from "./operations/delete-search-index.ts";
export {
  type EnsureAndSeedInput,
  type EnsureAndSeedResult,
  ensureAndSeedSearchIndex,
  type SeededIndex,
  type SeedReport,
} from "./operations/ensure-and-seed.ts";
export { ENSURE_RESULT_FIELDS, ensureResultFields, type ResultField } from "./operations/ensure-fields.ts";
export {
  type EnsureResult,
  type EnsureSearchIndexInput,
  ensureSearchIndex,
  oldest,
} from "./operations/ensure-search-index.ts";
export {
  describeTarget,
  type JudgeOptions,
  judgeOutcomes,
  type OutcomeVerdict,
} from "./operations/judge-outcomes.ts";
export { type PauseQueuesInput, pauseQueues } from "./operations/pause-queues.ts";
export {
  pauseFlowControlKeys,
  pauseSchedules,
  pauseTargets,
  type TargetsInput,
  validateTargets,
} from "./operations/pause-targets.ts";
export {
  type PreviewFacts,
  previewCommentBody,
  previewCommentMarker,
  previewGoneCommentBody,
} from "./operations/preview-comment.ts";
export {
  type MatchedIndex,
  type PruneResult,
  type PruneSearchIndexesInput,
  pruneSearchIndexes,
} from "./operations/prune-search-indexes.ts";
export {
  judgeCandidates,
  type Protected,
  type PruneReason,
  type PruneRules,
  pruneReasonText,
  type Stale,
  type Verdicts,
} from "./operations/prune-verdicts.ts";
export {
  listQueueMessages,
  type QueueMessage,
  type QueueMessagesInput,
} from "./operations/queue-messages.ts";
export { type QueueOutcome, type ResumeQueuesInput, resumeQueues } from "./operations/resume-queues.ts";
export { resumeTargets, targetsInput } from "./operations/resume-targets.ts";
export { CREATED_AT_FIELD, sdkIndexCreatedAt } from "./operations/sdk-index-ages.ts";
export { readSeedMarker, SEED_MARKER_NAMESPACE, type SeedMarker } from "./operations/seed-marker.ts";
export {
  checkSeedPlan,
  SEED_INPUT_NAMES,
  type SeedPlan,
  type SeedPlanInput,
  type SeedPlanNames,
} from "./operations/seed-plan.ts";
export {
  SEED_WHEN,
  type SeedOptions,
  type SeedResult,
  type SeedSearchIndexInput,
  type SeedWhen,
  seedSearchIndex,
} from "./operations/seed-search-index.ts";
export {
  listSelectedSchedules,
  type ScheduleSelection,
  type ScheduleSelector,
  type SelectedSchedules,
  scheduleSelectors,
  selectSchedules,
  validateScheduleSelection,
} from "./operations/select-schedules.ts";
export {
  alreadyPausedTargets,
  DEFAULT_TARGET_CONCURRENCY,
  isPossiblyPaused,
  type MissingBy,
  othersOutcome,
  type PauseOutcome,
  pausedTargets,
  type ResumeOutcome,
  resumedTargets,
} from "./operations/targets.ts";
export { type WaitUntilIndexedOptions, waitUntilIndexed } from "./operations/wait-until-indexed.ts";
export type { DlqResource, MessageFilter, MessageLogsResource } from "./resources/dead-letters.ts";
export type { FlowControlResource } from "./resources/flow-control.ts";
export type { QueuesResource, UpsertQueueInput } from "./resources/queues.ts";
export { DEFAULT_REST_URL_TEMPLATE, restUrl } from "./resources/rest-url.ts";
export type { SchedulesResource } from "./resources/schedules.ts";
export type {
  DeleteSelector,
  FetchSelector,
  RangeOptions,
  SearchDocumentsResource,
  SearchQuery,
  UpsertOptions,
} from "./resources/search-documents.ts";
export type {
  CreateSearchIndexInput,
  ScannedIndex,
  SearchIndexesResource,
} from "./resources/search-indexes.ts";
export type { NamespaceOptions } from "./resources/search-routes.ts";
export type { FlowControlKey } from "./schemas/flow-control-key.ts";
export {
  DEFAULT_IF_MISSING,
  IF_MISSING,
  type IfMissing,
  type IfMissingChoice,
  parseIfMissing,
} from "./schemas/if-missing.ts";
export {
  MAX_INDEX_NAME_LENGTH,
  MAX_QUEUE_NAME_LENGTH,
  QUEUE_NAME_PATTERN,
  SCHEDULE_ID_PATTERN,
  validateFlowControlKey,
  validateIndexId,
  validateIndexName,
  validatePlan,
  validateQueueName,
  validateRegion,
  validateScheduleId,
  validateWord,
} from "./schemas/inputs.ts";
export { isOlderThan, type MaxAge, parseMaxAge } from "./schemas/max-age.ts";
export type { DlqMessage, MessageEvent } from "./schemas/messages.ts";
export type { Queue } from "./schemas/queue.ts";
export type { Schedule } from "./schemas/schedule.ts";
export { scheduleLabels } from "./schemas/schedule-labels.ts";
export type {
  NamespaceCounts,
  RangePage,
  SearchDocument,
  SearchHit,
  SearchIndexInfo,
} from "./schemas/search-data.ts";
export {
  DEFAULT_MAX_WRITES_PER_REQUEST,
  DEFAULT_NAMESPACE,
  type DocumentInput,
  validateNamespace,
} from "./schemas/search-data-inputs.ts";
export {
  SEARCH_PLANS,
  SEARCH_REGIONS,
  type SearchIndex,
  type SearchPlan,
  type SearchRegion,
} from "./schemas/search-index.ts";
export { clientLimits, STEP_LIMITS, type StepLimits } from "./schemas/step-limits.ts";
export { parseTargetList, TARGET_KINDS, type Target, type TargetKind } from "./schemas/target.ts";
export {
  ONLY_IF_PAUSED_BY,
  readTargetLists,
  readTargetSelection,
  SELECTOR_KEYS,
  type SelectedTargets,
  type SelectorKey,
  type Surface,
  selectorNames,
  splitList,
  TARGET_SELECTORS,
  type TargetLists,
  targetsSelection,
} from "./schemas/target-selection.ts";
export { exportDocumentLines } from "./seed-files/export-documents.ts";
export {
  type CheckedSeedFile,
  checkSeedFiles,
  type SeedFileRules,
  seedDocuments,
} from "./seed-files/read-seed-files.ts";
export { type ExpandOptions, expandNameTemplate } from "./templates/expand.ts";
export { templateMatcher } from "./templates/match.ts";
export { type Placeholder, TEMPLATE_PLACEHOLDERS, type TemplateValues } from "./templates/placeholders.ts";
export { type ProtectRule, protectRule, refuseProtected } from "./templates/protect.ts";
export { parseBaseUrl } from "./transport/base-url.ts";
export type { CallOptions } from "./transport/call-options.ts";
export { redactAndClip } from "./transport/clip.ts";
export { type Clock, systemClock } from "./transport/clock.ts";
export { Deadline } from "./transport/deadline.ts";
export { destroyProxyAgents, httpStackFor } from "./transport/dispatcher.ts";
export type { Logger } from "./transport/logger.ts";
export { Redactor } from "./transport/redactor.ts";
export type { RetryBudget } from "./transport/retry-budget.ts";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./transport/retry-policy.ts";
export { userAgent } from "./transport/user-agent.ts";
export { VERSION } from "./version.ts";
