import { DlqResource, MessageLogsResource } from "../resources/dead-letters.ts";
import { EmulatorControlResource } from "../resources/emulator-control.ts";
import { FlowControlResource } from "../resources/flow-control.ts";
import { MessagesResource, SigningKeysResource } from "../resources/messages.ts";
import { QueuesResource } from "../resources/queues.ts";
import { SchedulesResource } from "../resources/schedules.ts";
import { UrlGroupsResource } from "../resources/url-groups.ts";
import { WorkflowRunsResource } from "../resources/workflow-runs.ts";
import { baseUrlString } from "../transport/base-url.ts";
import type { Transport } from "../transport/transport.ts";
import {
  buildTransport,
  type ClientOptions,
  type MessagingClientOptions,
  requireSecret,
} from "./client-options.ts";
import { DEFAULT_MESSAGING_URL } from "./default-urls.ts";
import { messagingOptionsFromEnv } from "./from-env.ts";

export type { MessagingClientOptions };

/**
 * Client of the messaging API (queues, schedules, URL groups, flow-control keys, the DLQ, logs,
 * messages, signing keys, workflow runs), authenticated with a Bearer token.
 */
export class MessagingClient {
  readonly queues: QueuesResource;
  readonly schedules: SchedulesResource;
  readonly flowControl: FlowControlResource;
  readonly dlq: DlqResource;
  readonly logs: MessageLogsResource;
  readonly messages: MessagesResource;
  readonly signingKeys: SigningKeysResource;
  readonly workflowRuns: WorkflowRunsResource;
  /** The stashkit emulator's control API, when the base URL is one (`isEmulator()` says). */
  readonly emulator: EmulatorControlResource;
  readonly urlGroups: UrlGroupsResource;
  readonly #transport: Transport;
  readonly #redact: (text: string) => string;

  constructor(options: MessagingClientOptions) {
    const token = requireSecret(options.token, "token", "set the messaging API token (QSTASH_TOKEN)");
    const { transport, redactor } = buildTransport(options, {
      defaultBaseUrl: DEFAULT_MESSAGING_URL,
      authorization: `Bearer ${token}`,
      secrets: [token],
    });
    this.#transport = transport;
    this.#redact = (text) => redactor.redact(text);
    this.queues = new QueuesResource(transport);
    this.schedules = new SchedulesResource(transport);
    this.flowControl = new FlowControlResource(transport);
    this.dlq = new DlqResource(transport);
    this.logs = new MessageLogsResource(transport);
    this.messages = new MessagesResource(transport);
    this.signingKeys = new SigningKeysResource(transport);
    this.workflowRuns = new WorkflowRunsResource(transport);
    this.emulator = new EmulatorControlResource(transport);
    this.urlGroups = new UrlGroupsResource(transport);
  }

  /**
   * A client configured from `QSTASH_TOKEN` and `QSTASH_URL` (default https://qstash.upstash.io),
   * read from `options.env` or `process.env`; any option given wins over the environment.
   */
  static fromEnv(options: ClientOptions = {}): MessagingClient {
    return new MessagingClient(messagingOptionsFromEnv(options));
  }

  /** The base URL in use, without trailing slash. */
  get baseUrl(): string {
    return baseUrlString(this.#transport.baseUrl);
  }

  /** Masks every secret this client knows in `text`. */
  redact(text: string): string {
    return this.#redact(text);
  }
}
