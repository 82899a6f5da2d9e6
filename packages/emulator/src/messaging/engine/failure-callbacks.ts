import type { DlqStore, FailureCallbackInfo } from "../records/dlq-store.ts";
import type { Outcome } from "./delivery/outcome.ts";

/**
 * A workflow run that failed has one DLQ entry, and its failure callback (the failure function,
 * or `failureUrl`) is reported on it as `failureCallbackInfo`: in progress, done, or failed with
 * the callback's answer. A failure callback that fails for good is recorded there instead of
 * in an entry of its own, so `dlq.retryFailureFunction` finds it on the run's entry.
 */
export class FailureCallbacks {
  readonly #dlq: DlqStore;

  constructor(dlq: DlqStore) {
    this.#dlq = dlq;
  }

  /** The failure callback was sent (again): the run's entry says so until it is answered. */
  started(runEntryId: string | undefined): void {
    this.#note(runEntryId, { state: "CALLBACK_INPROGRESS" });
  }

  /** The failure callback was delivered. */
  succeeded(runEntryId: string | undefined): void {
    this.#note(runEntryId, { state: "CALLBACK_SUCCESS" });
  }

  /**
   * The failure callback failed for good: its answer goes on the run's entry, and the entry the
   * delivery made for the callback message itself (`ownEntryId`) goes away, when the run has one.
   */
  failed(runEntryId: string | undefined, ownEntryId: string, outcome: Outcome): void {
    if (runEntryId === undefined || this.#dlq.get(runEntryId) === undefined) return;
    this.#dlq.remove(ownEntryId);
    this.#note(runEntryId, {
      state: "CALLBACK_FAIL",
      ...(outcome.status === undefined ? {} : { responseStatus: outcome.status }),
      ...(outcome.headers === undefined ? {} : { responseHeaders: outcome.headers }),
      ...(outcome.body === undefined ? {} : { responseBody: outcome.body.toString("utf8") }),
    });
  }

  #note(runEntryId: string | undefined, info: FailureCallbackInfo): void {
    const entry = runEntryId === undefined ? undefined : this.#dlq.get(runEntryId);
    if (entry !== undefined) this.#dlq.add({ ...entry, failureCallbackInfo: info });
  }
}
