// The public API: what README.md documents, and the types its signatures name. What only the
// workspace's actions and CLI share is in internal.ts (`@stashkit/core/internal`); api-report.md
// lists both, and a test fails when it differs from these files.
export type { ClientOptions, SearchIndexDataOptions } from "./clients/client-options.ts";
export { managementCredentialForms } from "./clients/credential-forms.ts";
export { ManagementClient, type ManagementClientOptions } from "./clients/management-client.ts";
export { MessagingClient, type MessagingClientOptions } from "./clients/messaging-client.ts";
export {
  type FromIndexOptions,
  type IndexCredentials,
  SearchIndexData,
} from "./clients/search-index-data.ts";
export {
  AbortedError,
  AttemptTimeoutError,
  AuthenticationError,
  CheckDeployError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  DeadlineExceededError,
  DeclarationError,
  type DeclarationPlace,
  IndexLookupError,
  IndexMismatchError,
  InvalidRequestError,
  type Mismatch,
  NotFoundError,
  RateLimitedError,
  type RequestContext,
  ResponseValidationError,
  ServerError,
  StashkitError,
  UnexpectedStatusError,
  type ValidationIssue,
} from "./errors/index.ts";
export {
  type CloneResult,
  type CloneSearchIndexInput,
  cloneSearchIndex,
} from "./operations/clone-search-index.ts";
export {
  actOnDlq,
  checkMessageFilter,
  type DlqActResult,
  dlqMessageMatches,
  type FilterNames,
  listDlqMessages,
  requireSelection,
} from "./operations/dead-letters.ts";
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
export {
  type EnsureResult,
  type EnsureSearchIndexInput,
  ensureSearchIndex,
} from "./operations/ensure-search-index.ts";
export { type PauseQueuesInput, pauseQueues } from "./operations/pause-queues.ts";
export {
  pauseFlowControlKeys,
  pauseSchedules,
  pauseTargets,
  type TargetsInput,
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
  type ApplyQStashOptions,
  type ApplyQStashResult,
  applyQStash,
  type KeptQueue,
  planQStash,
} from "./operations/qstash-apply.ts";
export type {
  FieldChange,
  QStashChange,
  QStashChangeAction,
  QStashChangeKind,
  QStashPlan,
} from "./operations/qstash-changes.ts";
export { destroyQStash } from "./operations/qstash-destroy.ts";
export { type ExportQStashInput, exportQStash } from "./operations/qstash-export.ts";
export type { LiveAccount, QStashAccount } from "./operations/qstash-live.ts";
export {
  type LeftBehind,
  type MigrateQStashOptions,
  type MigrateQStashResult,
  migrateQStash,
} from "./operations/qstash-migrate.ts";
export {
  type PruneQStashInput,
  type PruneQStashResult,
  pruneQStash,
  type QStashPreview,
} from "./operations/qstash-prune.ts";
export { planJson, planMarkdown, planText } from "./operations/qstash-render.ts";
export {
  listQueueMessages,
  type QueueMessage,
  type QueueMessagesInput,
} from "./operations/queue-messages.ts";
export {
  acrossRegions,
  pauseInRegions,
  type RegionalOutcomes,
  resumeInRegions,
  targetsByRegion,
} from "./operations/regional-targets.ts";
export { type QueueOutcome, type ResumeQueuesInput, resumeQueues } from "./operations/resume-queues.ts";
export { resumeTargets, targetsInput } from "./operations/resume-targets.ts";
export { sdkIndexCreatedAt } from "./operations/sdk-index-ages.ts";
export {
  checkSeedPlan,
  type SeedPlan,
  type SeedPlanInput,
  type SeedPlanNames,
} from "./operations/seed-plan.ts";
export {
  type SeedOptions,
  type SeedResult,
  type SeedSearchIndexInput,
  type SeedWhen,
  seedSearchIndex,
} from "./operations/seed-search-index.ts";
export {
  type ScheduleSelection,
  type ScheduleSelector,
  type SelectedSchedules,
  selectSchedules,
} from "./operations/select-schedules.ts";
export {
  type MissingBy,
  type PauseOutcome,
  pausedTargets,
  type ResumeOutcome,
} from "./operations/targets.ts";
export {
  type WaitQueuesEmptyOptions,
  type WaitQueuesEmptyResult,
  waitQueuesEmpty,
} from "./operations/wait-queues-empty.ts";
export { type WaitUntilIndexedOptions, waitUntilIndexed } from "./operations/wait-until-indexed.ts";
export {
  type DesiredEndpoint,
  type DesiredFlowControl,
  type DesiredHeader,
  type DesiredQueue,
  type DesiredSchedule,
  type DesiredState,
  type DesiredUrlGroup,
  type EnvironmentNames,
  namesOf,
} from "./qstash-files/desired-state.ts";
export type { ExportedDeclaration } from "./qstash-files/export-declaration.ts";
export { type PrefixPattern, prefixPattern } from "./qstash-files/prefix-pattern.ts";
export {
  type LoadedDeclaration,
  parseDeclaration,
  readDeclarationFile,
} from "./qstash-files/read-declaration.ts";
export {
  type ResolveOptions,
  resolveEnvironment,
  resolveNames,
} from "./qstash-files/resolve-environment.ts";
export {
  isQStashRegion,
  type QStashRegion,
  type RegionSetting,
  regionLabel,
  regionsFromEnv,
  regionTokensInEnv,
  validateQStashRegion,
} from "./regions/qstash-regions.ts";
export {
  checkRegions,
  type RegionalClient,
  RegionMismatchError,
  type RegionPlace,
} from "./regions/region-check.ts";
export type { DlqResource, MessageFilter, MessageLogsResource } from "./resources/dead-letters.ts";
export type { EmulatorControlResource } from "./resources/emulator-control.ts";
export type { FlowControlResource } from "./resources/flow-control.ts";
export type { MessagesResource, PublishInput, SigningKeysResource } from "./resources/messages.ts";
export type { QueuesResource, UpsertQueueInput } from "./resources/queues.ts";
export { restUrl } from "./resources/rest-url.ts";
export type { PutScheduleInput } from "./resources/schedule-headers.ts";
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
export type { EndpointInput, UrlGroupsResource } from "./resources/url-groups.ts";
export type { WorkflowRunFilter, WorkflowRunsResource } from "./resources/workflow-runs.ts";
export type { FlowControlKey } from "./schemas/flow-control-key.ts";
export { type MaxAge, parseMaxAge } from "./schemas/max-age.ts";
export type { DlqMessage, Message, MessageEvent } from "./schemas/messages.ts";
export { QSTASH_REGION_NAMES } from "./schemas/qstash-regions.ts";
export type { Queue } from "./schemas/queue.ts";
export type { Schedule } from "./schemas/schedule.ts";
export type { RangePage, SearchDocument, SearchHit, SearchIndexInfo } from "./schemas/search-data.ts";
export type { DocumentInput } from "./schemas/search-data-inputs.ts";
export type { SearchIndex, SearchPlan, SearchRegion } from "./schemas/search-index.ts";
export { parseTargetList, type Target, type TargetKind } from "./schemas/target.ts";
export type { Endpoint, UrlGroup } from "./schemas/url-group.ts";
export type {
  RawStep,
  SigningKeys,
  StepLog,
  WorkflowRunLog,
} from "./schemas/workflow-runs.ts";
export { exportDocumentLines } from "./seed-files/export-documents.ts";
export {
  type CheckedSeedFile,
  checkSeedFiles,
  type SeedFileRules,
  seedDocuments,
} from "./seed-files/read-seed-files.ts";
export { type ExpandOptions, expandNameTemplate } from "./templates/expand.ts";
export { templateMatcher } from "./templates/match.ts";
export type { Placeholder, TemplateValues } from "./templates/placeholders.ts";
export { type ProtectRule, protectRule, refuseProtected } from "./templates/protect.ts";
export type { CallOptions } from "./transport/call-options.ts";
export { redactAndClip } from "./transport/clip.ts";
export type { Clock } from "./transport/clock.ts";
export { Deadline } from "./transport/deadline.ts";
export { destroyProxyAgents } from "./transport/dispatcher.ts";
export type { Logger } from "./transport/logger.ts";
export { Redactor } from "./transport/redactor.ts";
export type { RetryBudget } from "./transport/retry-budget.ts";
export type { RetryPolicy } from "./transport/retry-policy.ts";
export { VERSION } from "./version.ts";
