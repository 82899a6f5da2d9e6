import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock/clock.ts";
import type { RouteContext } from "../../http/api.ts";
import { ok, type Reply } from "../../http/reply.ts";
import { destinationUrl } from "../engine/destination.ts";
import { headerMap } from "../engine/header-maps.ts";
import { type HeaderBag, readMessageHeaders } from "../engine/message-headers.ts";
import type { PlanLimits } from "../engine/plan-limits.ts";
import { shownBody, shownHeaders } from "../engine/redaction.ts";
import type { Scheduler } from "../engine/scheduler.ts";
import { messagingErrors } from "../errors.ts";
import { DEFAULT_RETRIES } from "../records/message-record.ts";
import type { ScheduleStore, StoredSchedule } from "../records/schedule-store.ts";
import { bodyFields, labelFields } from "./message-views.ts";
import { callerIp } from "./publish-routes.ts";
import { validQueueName } from "./queue-names.ts";
import { URL_GROUP_NAME } from "./url-group-routes.ts";

const SCHEDULE_ID = /^[A-Za-z0-9._-]+$/;

/** Schedules: create (or update by id), list, get, delete, pause and resume. */
export function scheduleHandlers(
  store: ScheduleStore,
  clock: Clock,
  scheduler: Scheduler,
  plan: Pick<PlanLimits, "check">,
) {
  const existing = (context: RouteContext): StoredSchedule => {
    const id = context.params["id"] ?? "";
    const schedule = store.get(id);
    if (!schedule) throw messagingErrors.notFound("schedule", id);
    return schedule;
  };

  const setPaused =
    (paused: boolean) =>
    (context: RouteContext): Reply => {
      const schedule = existing(context);
      // Documented: pausing a paused schedule, or resuming an active one, has no effect.
      if (schedule.isPaused !== paused) {
        // Ticks that passed while paused were ignored; the next one counts from now.
        const next = paused ? {} : { nextScheduleTime: scheduler.nextTick(schedule, clock.now()) };
        store.put({ ...schedule, isPaused: paused, ...next });
        scheduler.plan();
      }
      return ok();
    };

  return {
    create(context: RouteContext): Reply {
      const schedule = newSchedule(context, { store, scheduler, plan }, clock.now());
      store.put(schedule);
      scheduler.plan();
      return ok({ scheduleId: schedule.scheduleId });
    },
    list: () =>
      ok(
        store
          .list()
          .sort((a, b) => a.createdAt - b.createdAt)
          .map(scheduleView),
      ),
    get: (context: RouteContext) => ok(scheduleView(existing(context))),
    remove(context: RouteContext): Reply {
      store.delete(existing(context).scheduleId);
      scheduler.plan();
      return ok();
    },
    pause: setPaused(true),
    resume: setPaused(false),
  };
}

/** The schedule a create request describes; an update keeps whether it is paused and when it was made. */
function newSchedule(
  context: RouteContext,
  { store, scheduler, plan }: { store: ScheduleStore; scheduler: Scheduler; plan: Pick<PlanLimits, "check"> },
  now: number,
): StoredSchedule {
  const target = context.params["destination"] ?? "";
  // Documented: a URL, or the name of a URL group, whose endpoints each tick fans out to.
  const destination = URL_GROUP_NAME.test(target) ? target : destinationUrl(target, context.req.url ?? "");
  const settings = readMessageHeaders(context.req.headers as HeaderBag);
  if (settings.cron === undefined) throw messagingErrors.missingHeader("Upstash-Cron", '"*/5 * * * *"');
  // Each tick's message is held to the plan's limits, so the schedule is checked once, now.
  plan.check(settings, context.rawBody.length);
  const scheduleId = settings.scheduleId ?? `scd_${randomUUID().replaceAll("-", "")}`;
  if (!SCHEDULE_ID.test(scheduleId)) {
    throw messagingErrors.invalidName("Schedule ID");
  }
  const queueName = settings.queueName === undefined ? undefined : validQueueName(settings.queueName);
  const earlier = store.get(scheduleId);
  const ip = callerIp(context);
  return {
    scheduleId,
    cron: settings.cron,
    destination,
    method: settings.method ?? "POST",
    headers: settings.forwarded,
    body: context.rawBody.toString("base64"),
    retries: settings.retries ?? DEFAULT_RETRIES,
    ...(settings.delayMs === undefined ? {} : { delay: Math.floor(settings.delayMs / 1000) }),
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
    ...(settings.retryDelayExpression === undefined
      ? {}
      : { retryDelayExpression: settings.retryDelayExpression }),
    ...(queueName === undefined ? {} : { queueName }),
    ...(settings.labels === undefined ? {} : { labels: settings.labels }),
    ...(settings.flowControlKey === undefined
      ? {}
      : { flowControlKey: settings.flowControlKey, flowControl: settings.flowControl ?? {} }),
    ...(ip === undefined ? {} : { callerIp: ip }),
    ...(settings.callback === undefined ? {} : { callback: settings.callback }),
    ...(settings.failureCallback === undefined ? {} : { failureCallback: settings.failureCallback }),
    ...(settings.redact === undefined ? {} : { redact: settings.redact }),
    isPaused: earlier?.isPaused ?? false,
    createdAt: earlier?.createdAt ?? now,
    ...(earlier?.lastScheduleTime === undefined ? {} : { lastScheduleTime: earlier.lastScheduleTime }),
    nextScheduleTime: scheduler.nextTick({ cron: settings.cron }, now),
  };
}

/** The documented `Schedule`, plus `queueName`, which the official SDK's type has. */
export function scheduleView(schedule: StoredSchedule): Record<string, unknown> {
  const flow = schedule.flowControl ?? {};
  return {
    scheduleId: schedule.scheduleId,
    cron: schedule.cron,
    destination: schedule.destination,
    createdAt: schedule.createdAt,
    method: schedule.method,
    header: headerMap(shownHeaders(schedule.headers, schedule.redact)),
    // A schedule made without a body has no `body` field at all (not "").
    ...(schedule.body === "" ? {} : bodyFields(shownBody(schedule.body, schedule.redact))),
    retries: schedule.retries,
    ...(schedule.delay === undefined ? {} : { delay: schedule.delay }),
    ...(schedule.callerIp === undefined ? {} : { callerIp: schedule.callerIp }),
    ...(schedule.callback === undefined ? {} : { callback: schedule.callback.url }),
    ...(schedule.failureCallback === undefined ? {} : { failureCallback: schedule.failureCallback.url }),
    isPaused: schedule.isPaused,
    ...(schedule.queueName === undefined ? {} : { queueName: schedule.queueName }),
    ...(schedule.flowControlKey === undefined ? {} : { flowControlKey: schedule.flowControlKey }),
    ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
    ...(flow.rate === undefined ? {} : { rate: flow.rate }),
    ...(flow.period === undefined ? {} : { period: flow.period }),
    ...(schedule.retryDelayExpression === undefined
      ? {}
      : { retryDelayExpression: schedule.retryDelayExpression }),
    ...labelFields(schedule.labels),
    ...(schedule.lastScheduleTime === undefined ? {} : { lastScheduleTime: schedule.lastScheduleTime }),
    ...(schedule.nextScheduleTime >= Number.MAX_SAFE_INTEGER
      ? {}
      : { nextScheduleTime: schedule.nextScheduleTime }),
  };
}
