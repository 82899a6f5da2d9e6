// `@stashkit/core/internal`: what the workspace's actions, action-kit and CLI share beyond the
// public API (index.ts). Not documented as API and without any stability promise: a release may
// change or remove any of it.

export { STALL_CODES, type StallCode, type StallReason, whyStalled } from "@stashkit/stall-reasons";
export { messagingCredentialForms, withPercentEncoded } from "./clients/credential-forms.ts";
export { DEFAULT_MANAGEMENT_URL, DEFAULT_MESSAGING_URL } from "./clients/default-urls.ts";
export {
  CONTROL_TOKEN_HEADER,
  EmulatorClient,
  type EmulatorClientOptions,
} from "./clients/emulator-client.ts";
export { basicCredential, MANAGEMENT_URL_ENV } from "./clients/management-client.ts";
export {
  type QStashEnvironment,
  type QStashEnvironments,
  type QStashSetting,
  qstashEnvironments,
} from "./clients/qstash-environment.ts";
export { escapeMarkdown, markdownTable } from "./lib/markdown.ts";
export { preferSmallHeap } from "./lib/prefer-small-heap.ts";
export {
  type CheckDeployInput,
  type CheckDeployResult,
  checkDeploy,
} from "./operations/check-deploy/check-deploy.ts";
export type { StepRef } from "./operations/check-deploy/replay.ts";
export {
  type RunVerdict,
  STEP_CHANGES,
  type StepChange,
  type Verdict,
} from "./operations/check-deploy/verdicts.ts";
export { sdkIndexesWithDocuments } from "./operations/clone-search-index.ts";
export { lastDeliveryErrors, MAX_DLQ_MESSAGES, MAX_ERROR_LOOKUPS } from "./operations/dead-letters.ts";
export { deleteById } from "./operations/delete-by-id.ts";
export {
  type DiagnoseMessageInput,
  diagnoseMessage,
  type MessageDiagnosis,
} from "./operations/diagnosis/diagnose-message.ts";
export {
  type DiagnoseRunInput,
  diagnoseRun,
  type NextStep,
  type RunDiagnosis,
} from "./operations/diagnosis/diagnose-run.ts";
export { type DoctorInput, type DoctorReport, doctor } from "./operations/doctor/doctor.ts";
export type { DoctorCheck } from "./operations/doctor/doctor-check.ts";
export type { ProbeResult } from "./operations/doctor/probe-endpoint.ts";
export { detectTokenRegion, type TokenAnswer, type TokenRegion } from "./operations/doctor/token-region.ts";
export { ENSURE_RESULT_FIELDS, ensureResultFields, type ResultField } from "./operations/ensure-fields.ts";
export { describeTarget, judgeOutcomes } from "./operations/judge-outcomes.ts";
export { countChanges } from "./operations/qstash-changes.ts";
export { fieldsText, planSummary } from "./operations/qstash-render.ts";
export {
  type RecordedSources,
  readRecorded,
  readRecordedRun,
  recordedDlq,
} from "./operations/read-recorded.ts";
export { withholdRecordSecrets } from "./operations/record-secrets.ts";
export { recordMessage, recordRun } from "./operations/recorded.ts";
export {
  checkEmulator,
  type ReplayOutcome,
  type ReplayResult,
  type SendReplaysInput,
  sendReplays,
} from "./operations/replay.ts";
export {
  type PlannedReplay,
  planReplay,
  type ReplayNames,
  type ReplayRules,
  recordLabel,
} from "./operations/replay-plan.ts";
export { SEED_MARKER_NAMESPACE } from "./operations/seed-marker.ts";
export { SEED_WHEN } from "./operations/seed-search-index.ts";
export { alreadyPausedTargets, resumedTargets } from "./operations/targets.ts";
export { DECLARATION_SCHEMA_URL } from "./qstash-files/export-declaration.ts";
export { declarationJsonSchema } from "./qstash-files/json-schema.ts";
export { DEFAULT_DECLARATION_FILE } from "./qstash-files/read-declaration.ts";
export { DECLARATION_PLACEHOLDERS } from "./qstash-files/value-templates.ts";
export { type ReplayLine, replayFileRecords } from "./replay-files/read-replay-file.ts";
export type { OutgoingMessage, RunImport } from "./resources/emulator.ts";
export { IF_MISSING, type IfMissing, parseIfMissing } from "./schemas/if-missing.ts";
export { validatePlan, validateQueueName, validateRegion } from "./schemas/inputs.ts";
export {
  normalizeRegion,
  QSTASH_REGIONS,
  regionNamedInRefusal,
  regionOfUrl,
  regionUrl,
  tokenShape,
} from "./schemas/qstash-regions.ts";
export {
  type NextDelivery,
  payloadBytes,
  payloadFields,
  type RecordedMessage,
  type RecordedRun,
  type ReplayRecord,
} from "./schemas/replay-record.ts";
export { isLocalUrl, parseRewriteRules, type RewriteRule, rewriteUrl } from "./schemas/rewrite-rules.ts";
export { validateNamespace } from "./schemas/search-data-inputs.ts";
export { SEARCH_PLANS } from "./schemas/search-index.ts";
export {
  isSecretHeader,
  looksSecret,
  parseHeaderNames,
  type WithheldHeaders,
  withholdSecretHeaders,
} from "./schemas/secret-headers.ts";
export { clientLimits, STEP_LIMITS, type StepLimits } from "./schemas/step-limits.ts";
export {
  ONLY_IF_PAUSED_BY,
  readTargetSelection,
  SELECTOR_KEYS,
  type SelectedTargets,
  splitList,
  TARGET_SELECTORS,
  type TargetLists,
} from "./schemas/target-selection.ts";
export { repeatedIdsWarning } from "./seed-files/read-seed-files.ts";
export { namePattern } from "./templates/name-pattern.ts";
export { TEMPLATE_PLACEHOLDERS } from "./templates/placeholders.ts";
export { parseBaseUrl } from "./transport/base-url.ts";
export { httpStackFor } from "./transport/dispatcher.ts";
export { describeNetworkFailure, hostOf, networkErrorCode } from "./transport/network-causes.ts";
