import type { RouteContext } from "../http/api.ts";
import { HttpError, ok, parseJsonBody } from "../http/reply.ts";
import { checkedUrl, destinationUrl } from "./destination.ts";
import {
  type HeaderBag,
  lowerCaseHeaders,
  type MessageHeaders,
  readMessageHeaders,
} from "./message-headers.ts";
import type { Publish, PublishAnswer } from "./publisher.ts";
import { validQueueName } from "./queue-names.ts";

export function callerIp(context: RouteContext): string | undefined {
  return context.req.socket.remoteAddress;
}

/** `POST /v2/publish/{destination}`, `POST /v2/enqueue/{queue}/{destination}`, `POST /v2/batch`. */
export function publishHandlers(publish: Publish) {
  const one = (context: RouteContext, queueName: string | undefined): PublishAnswer => {
    const destination = destinationUrl(context.params["destination"] ?? "", context.req.url ?? "");
    const settings = readMessageHeaders(context.req.headers as HeaderBag);
    const ip = callerIp(context);
    return publish({
      destination,
      body: context.rawBody,
      settings,
      ...(queueName === undefined ? {} : { queueName }),
      ...(ip === undefined ? {} : { callerIp: ip }),
    });
  };

  return {
    publishOne: (context: RouteContext) => ok(one(context, undefined)),
    enqueue: (context: RouteContext) => ok(one(context, validQueueName(context.params["name"]))),
    batch(context: RouteContext) {
      const entries = parseJsonBody(context.rawBody);
      if (!Array.isArray(entries) || entries.length === 0) {
        throw new HttpError(
          400,
          "batch body must be a non-empty JSON array of {destination, body?, headers?, queue?}",
        );
      }
      // Check every entry before accepting any, so a bad entry publishes nothing.
      const checked = entries.map((entry: unknown, index) => batchEntry(entry, index));
      const ip = callerIp(context);
      return ok(
        checked.map((entry) =>
          publish({
            destination: entry.destination,
            body: Buffer.from(entry.body, "utf8"),
            settings: entry.settings,
            ...(entry.queue === undefined ? {} : { queueName: entry.queue }),
            ...(ip === undefined ? {} : { callerIp: ip }),
          }),
        ),
      );
    },
  };
}

interface BatchEntry {
  destination: string;
  body: string;
  settings: MessageHeaders;
  queue?: string;
}

function batchEntry(entry: unknown, index: number): BatchEntry {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    throw new HttpError(400, `batch entry ${index} must be an object`);
  }
  const { destination, body, headers, queue } = entry as Record<string, unknown>;
  if (typeof destination !== "string")
    throw new HttpError(400, `batch entry ${index}: destination is required`);

  if (headers !== undefined && (headers === null || typeof headers !== "object" || Array.isArray(headers))) {
    throw new HttpError(400, `batch entry ${index}: headers must be an object of strings`);
  }
  if (queue !== undefined && typeof queue !== "string") {
    throw new HttpError(400, `batch entry ${index}: queue must be a string`);
  }
  let settings: MessageHeaders;
  try {
    settings = readMessageHeaders(lowerCaseHeaders((headers ?? {}) as Record<string, unknown>));
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.status, `batch entry ${index}: ${error.message}`);
    throw error;
  }
  return {
    destination: checkedUrl(destination),
    // A body that is not a string is sent as its JSON (the SDKs put objects there: context.call).
    body: body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
    settings,
    ...(queue === undefined ? {} : { queue: validQueueName(queue) }),
  };
}
