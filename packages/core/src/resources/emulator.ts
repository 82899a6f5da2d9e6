import * as z from "../schemas/zod.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { Transport } from "../transport/transport.ts";
import { get, post, Resource } from "./resource.ts";

/** A message to publish: where, through which queue, with what body and `Upstash-*` headers. */
export interface OutgoingMessage {
  /** The destination URL; its query string is the destination's. */
  url: string;
  queue?: string | undefined;
  body: Uint8Array;
  /** `Upstash-*` settings, `Upstash-Forward-*` headers and `Content-Type`. */
  headers: Record<string, string>;
  /** For messages: "replay DLQ message dlq_1". */
  operation: string;
}

/**
 * A Workflow run to put into the emulator as far as it got: `POST /__stashkit/workflows/runs/import`.
 * With `next`, the emulator records the trigger's payload and the steps as the run's history and
 * delivers `next` after them (the step the run stopped at); without it, the run starts from its
 * first step: the payload is its first delivery (with `headers`), and `steps` must be empty.
 */
export interface RunImport {
  workflowRunId: string;
  url: string;
  /** Base64 of the trigger's payload. */
  payload: string;
  /** The completed steps, oldest first, as the Workflow SDK wrote them. */
  steps: Record<string, unknown>[];
  /** The delivery to make after them: base64 of its body, and the headers the app receives. */
  next?: { body: string; headers: Record<string, string> } | undefined;
  /** The headers of the first delivery, when there is no `next`. */
  headers?: Record<string, string> | undefined;
  retries?: number | undefined;
  labels?: string[] | undefined;
}

const publishAnswer = z.looseObject({ messageId: z.string() });
const importAnswer = z.looseObject({ workflowRunId: z.string(), messageId: z.optional(z.string()) });
const healthAnswer = z.looseObject({ ok: z.literal(true) });

/** What replay asks of an emulator: its public publish routes and one control route. */
export class EmulatorResource extends Resource {
  /** The control token's header, when the emulator has one; sent to control routes only. */
  readonly #control: Record<string, string>;

  constructor(transport: Transport, controlHeaders: Record<string, string>) {
    super(transport);
    this.#control = controlHeaders;
  }

  /** Answers when the server is a stashkit emulator whose control API lets this caller in. */
  async health(call?: CallOptions): Promise<void> {
    const request = { ...get("/__stashkit/health", "check the emulator"), headers: this.#control };
    await this.read(request, healthAnswer, call);
  }

  /**
   * Publishes through `POST /v2/publish/{url}` (or `/v2/enqueue/{queue}/{url}`). Safe to repeat
   * only when the headers carry an `Upstash-Deduplication-Id`, so it is sent once otherwise.
   */
  async publish(message: OutgoingMessage, call?: CallOptions): Promise<{ messageId: string }> {
    const at = message.url.indexOf("?");
    const url = at < 0 ? message.url : message.url.slice(0, at);
    const route =
      message.queue === undefined ? "/v2/publish" : `/v2/enqueue/${encodeURIComponent(message.queue)}`;
    const deduplicated = Object.keys(message.headers).some((name) =>
      /^upstash-deduplication-id$/i.test(name),
    );
    const request = {
      ...post(`${route}/${url}`, message.operation, { idempotent: deduplicated }),
      rawBody: message.body,
      headers: message.headers,
      ...(at < 0 ? {} : { rawQuery: message.url.slice(at + 1) }),
    };
    return this.read(request, publishAnswer, call);
  }

  /** Puts a run into the emulator, replacing a run of the same id, and starts its next delivery. */
  async importRun(
    run: RunImport,
    call?: CallOptions,
  ): Promise<{ workflowRunId: string; messageId?: string | undefined }> {
    const request = {
      ...post("/__stashkit/workflows/runs/import", `import workflow run ${run.workflowRunId}`, { body: run }),
      headers: this.#control,
    };
    return this.read(request, importAnswer, call);
  }
}
