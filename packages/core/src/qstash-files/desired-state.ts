/** A header the destination receives; a value read from a secret is never shown, only its template. */
export interface DesiredHeader {
  /** The name as the file writes it. */
  name: string;
  value: string;
  /** What may be shown: the value, or for a secret its template (`Bearer ${REINDEX_SECRET}`). */
  shown: string;
  secret: boolean;
}

export interface DesiredFlowControl {
  key: string;
  parallelism?: number | undefined;
  rate?: number | undefined;
  periodSeconds?: number | undefined;
}

/** A schedule as the account should have it. Optional fields left out are not managed. */
export interface DesiredSchedule {
  /** The schedule id: the environment's prefix and the declared id. */
  scheduleId: string;
  destination: string;
  cron: string;
  method: string;
  /** The message's body ("" for none). */
  body: string;
  /** By lower-case name. */
  headers: Record<string, DesiredHeader>;
  retries?: number | undefined;
  retryDelay?: string | undefined;
  delaySeconds?: number | undefined;
  timeoutSeconds?: number | undefined;
  callback?: string | undefined;
  failureCallback?: string | undefined;
  queueName?: string | undefined;
  flowControl?: DesiredFlowControl | undefined;
  /** The declared labels; the one recording the timeout is added when sent. */
  labels: string[];
}

export interface DesiredEndpoint {
  name?: string | undefined;
  url: string;
}

export interface DesiredUrlGroup {
  name: string;
  endpoints: DesiredEndpoint[];
}

export interface DesiredQueue {
  name: string;
  parallelism: number;
  /** Undefined: left as it is (a deploy window may have paused it). */
  paused?: boolean | undefined;
}

/**
 * What one environment of a declaration file asks of an account: every value filled in, every
 * secret read, every name checked. What `plan`, `apply` and `destroy` compare the account with.
 */
export interface DesiredState {
  environment: string;
  /** The file it was read from, for messages. */
  file: string;
  /**
   * Starts every name and schedule id of the environment, and marks what it owns: what starts
   * with it and is not declared is deleted. "" owns only what is declared.
   */
  prefix: string;
  protect: boolean;
  schedules: DesiredSchedule[];
  urlGroups: DesiredUrlGroup[];
  queues: DesiredQueue[];
  /** The secret values read (header values from `${NAME}`): register them with the redactor. */
  secrets: string[];
}

/** An environment's prefix and the names it declares: what a destroy deletes. */
export interface EnvironmentNames extends Pick<DesiredState, "environment" | "file" | "prefix" | "protect"> {
  schedules: string[];
  urlGroups: string[];
  queues: string[];
}

/** The names of a resolved environment. */
export function namesOf(desired: DesiredState): EnvironmentNames {
  const { environment, file, prefix, protect } = desired;
  return {
    environment,
    file,
    prefix,
    protect,
    schedules: desired.schedules.map((s) => s.scheduleId),
    urlGroups: desired.urlGroups.map((g) => g.name),
    queues: desired.queues.map((q) => q.name),
  };
}
