import type { RouteContext } from "../../http/api.ts";
import { HttpError } from "../../http/errors.ts";
import { ok, parseJsonBody } from "../../http/reply.ts";
import { checkedUrl, destinationUrl } from "../engine/destination.ts";
import type { NewMessage } from "../engine/message-book.ts";
import {
  type HeaderBag,
  lowerCaseHeaders,
  type MessageHeaders,
  readMessageHeaders,
} from "../engine/message-headers.ts";
import type { PlanLimits } from "../engine/plan-limits.ts";
import type { Publish, PublishAnswer } from "../engine/publisher.ts";
import { messagingErrors } from "../errors.ts";
import type { MessageStore } from "../records/queue-store.ts";
import type { UrlGroupStore } from "../records/url-group-store.ts";
import { validQueueName } from "./queue-names.ts";
import { URL_GROUP_NAME } from "./url-group-routes.ts";

export function callerIp(context: RouteContext): string | undefined {
  return context.req.socket.remoteAddress;
}

/** `POST /v2/publish/{destination}`, `POST /v2/enqueue/{queue}/{destination}`, `POST /v2/batch`. */
export function publishHandlers(
  publish: Publish,
  groups: UrlGroupStore,
  messages: Pick<MessageStore, "roomFor">,
  plan: PlanLimits,
) {
  /** Messages a destination makes: one per endpoint of a URL group, else one. */
  const fanned = (destination: string) =>
    URL_GROUP_NAME.test(destination) ? (groups.get(destination)?.endpoints.length ?? 0) : 1;
  /** Room for `count` messages (the emulator's bound, the plan's day), then `accept` them, counted. */
  const within = <T>(count: number, accept: () => T): T => {
    messages.roomFor(count);
    plan.room(count);
    const answer = accept();
    plan.accepted(count);
    return answer;
  };
  const one = (context: RouteContext, queueName: string | undefined): PublishAnswer | PublishAnswer[] => {
    const target = context.params["destination"] ?? "";
    const settings = readMessageHeaders(context.req.headers as HeaderBag);
    plan.check(settings, context.rawBody.length);
    const ip = callerIp(context);
    const message = {
      body: context.rawBody,
      settings,
      ...(queueName === undefined ? {} : { queueName }),
      ...(ip === undefined ? {} : { callerIp: ip }),
    };
    return within(fanned(target), () =>
      URL_GROUP_NAME.test(target)
        ? fanOut(publish, groups, target, message)
        : publish({ ...message, destination: destinationUrl(target, context.req.url ?? "") }),
    );
  };

  return {
    publishOne: (context: RouteContext) => ok(one(context, undefined)),
    enqueue: (context: RouteContext) => ok(one(context, validQueueName(context.params["name"]))),
    batch(context: RouteContext) {
      const checked = batchEntries(context.rawBody, plan);
      const count = checked.reduce((sum, entry) => sum + fanned(entry.destination), 0);
      const ip = callerIp(context);
      const answers = within(count, () =>
        checked.map((entry) => {
          const message = {
            body: Buffer.from(entry.body, "utf8"),
            settings: entry.settings,
            ...(entry.queue === undefined ? {} : { queueName: entry.queue }),
            ...(ip === undefined ? {} : { callerIp: ip }),
          };
          if (URL_GROUP_NAME.test(entry.destination))
            return fanOut(publish, groups, entry.destination, message);
          return publish({ ...message, destination: entry.destination });
        }),
      );
      return ok(answers);
    },
  };
}

/** A batch's entries, every one checked (the plan's limits too) before any is accepted. */
function batchEntries(rawBody: Buffer, plan: Pick<PlanLimits, "check">): BatchEntry[] {
  const entries = parseJsonBody(rawBody);
  if (!Array.isArray(entries) || entries.length === 0) {
    throw messagingErrors.invalidBody(
      "batch body must be a non-empty JSON array of {destination, body?, headers?, queue?}",
    );
  }
  const checked = entries.map((entry: unknown, index) => batchEntry(entry, index));
  for (const entry of checked) plan.check(entry.settings, Buffer.byteLength(entry.body));
  return checked;
}

interface BatchEntry {
  destination: string;
  body: string;
  settings: MessageHeaders;
  queue?: string;
}

/**
 * A publish to a URL group: one message per endpoint, each with its own retries and DLQ entry,
 * answered as the list of `{messageId, url}`.
 */
function fanOut(
  publish: Publish,
  groups: UrlGroupStore,
  name: string,
  message: Omit<NewMessage, "destination">,
): PublishAnswer[] {
  const group = groups.get(name);
  if (!group || group.endpoints.length === 0) throw messagingErrors.notFound("URL group", name);
  return group.endpoints.map((endpoint) =>
    publish({
      ...message,
      // Each endpoint's message is its own: headers are not shared between them.
      settings: { ...message.settings, forwarded: { ...message.settings.forwarded } },
      destination: endpoint.url,
      topicName: name,
      ...(endpoint.name === undefined ? {} : { endpointName: endpoint.name }),
    }),
  );
}

function batchEntry(entry: unknown, index: number): BatchEntry {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    throw messagingErrors.invalidBody(`batch entry ${index} must be an object`);
  }
  const { destination, body, headers, queue } = entry as Record<string, unknown>;
  if (typeof destination !== "string")
    throw messagingErrors.invalidField(`batch entry ${index}: destination`, "is required");

  if (headers !== undefined && (headers === null || typeof headers !== "object" || Array.isArray(headers))) {
    throw messagingErrors.invalidField(`batch entry ${index}: headers`, "must be an object of strings");
  }
  if (queue !== undefined && typeof queue !== "string") {
    throw messagingErrors.invalidField(`batch entry ${index}: queue`, "must be a string");
  }
  let settings: MessageHeaders;
  try {
    settings = readMessageHeaders(lowerCaseHeaders((headers ?? {}) as Record<string, unknown>));
  } catch (error) {
    if (error instanceof HttpError) throw messagingErrors.inBatchEntry(index, error);
    throw error;
  }
  return {
    destination: URL_GROUP_NAME.test(destination) ? destination : checkedUrl(destination),
    // A body that is not a string is sent as its JSON (the SDKs put objects there: context.call).
    body: body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
    settings,
    ...(queue === undefined ? {} : { queue: validQueueName(queue) }),
  };
}
