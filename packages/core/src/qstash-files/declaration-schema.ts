import { lazily } from "../schemas/lazily.ts";
import * as z from "../schemas/zod.ts";

// The declaration file (`stashkit.qstash.yaml`): one zod schema, from which both the check of a
// file and the JSON Schema shipped for editors (`qstash.schema.json`, `node scripts/qstash-schema.mjs`)
// are made. Values are templates: `{env}`, `{pr}`, `{branch}`, `{sha}`, `{run_id}`, `{repo}` and
// an environment's `vars`; `${NAME}` in a header value is the environment variable NAME.

/** Names of environments and of variables, and the keys stashkit keeps resources by. */
const NAME_TEXT = /^[A-Za-z0-9._{}-]+$/;
const ENVIRONMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const VARIABLE_NAME = /^[a-z_][a-z0-9_]*$/;
/** A header name (RFC 9110 token characters). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENVIRONMENT_WORDS =
  "an environment's name may contain only letters, digits, - and _, and starts with a letter or digit";
const NAME_WORDS = "may contain only letters, digits, -, . and _ (and {placeholders})";
const DURATION = /^(?:\d+|(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?)$/;

const described = <T extends z.ZodMiniType>(schema: T, text: string): T => schema.check(z.describe(text));
const text = (description: string) => described(z.string().check(z.minLength(1)), description);
const template = (pattern: RegExp, description: string) =>
  described(z.string().check(z.minLength(1), z.regex(pattern, NAME_WORDS)), description);
const duration = (description: string) =>
  described(
    z.union([
      z.int().check(z.minimum(0)),
      z.string().check(z.regex(DURATION, "must be seconds, or a duration such as 30s, 10m, 2h, 1d or 1h30m")),
    ]),
    description,
  );

const limitedTo = () =>
  z.optional(
    described(
      z.array(z.string().check(z.regex(ENVIRONMENT_NAME, ENVIRONMENT_WORDS))).check(z.minLength(1)),
      "only in these environments (default: every one)",
    ),
  );

const environmentSchema = () =>
  z.strictObject({
    prefix: z.optional(
      described(
        z.string().check(z.regex(/^[A-Za-z0-9._{}-]*$/, NAME_WORDS)),
        'starts every queue and URL group name and schedule id of this environment, and marks what it owns: apply and destroy delete only what starts with it. Default "{env}-"; a per-pull-request environment puts {pr} in it, e.g. "preview-{pr}-". "" adopts names as they are and deletes nothing undeclared.',
      ),
    ),
    protect: z.optional(
      described(z.boolean(), "refuse every delete unless --allow-delete (allow-delete: true)"),
    ),
    account: z.optional(
      text(
        'a label for the account (token) this environment uses; environments with the same label may not make the same name. Default "default"',
      ),
    ),
    vars: z.optional(
      described(
        z.record(
          z
            .string()
            .check(
              z.regex(
                VARIABLE_NAME,
                "a variable's name may contain only a-z, 0-9 and _, and starts with a letter or _",
              ),
            ),
          z.string(),
        ),
        "values for {name} placeholders in this environment, e.g. base_url; --var name=value (the action's vars) overrides them",
      ),
    ),
  });

const endpointSchema = () =>
  z.strictObject({
    name: z.optional(template(NAME_TEXT, "the endpoint's name in the group")),
    url: text("the URL messages to the group are sent to"),
  });

const urlGroupDeclarationSchema = () =>
  z.strictObject({
    name: template(NAME_TEXT, "the group's name; the environment's prefix goes before it"),
    endpoints: described(z.array(endpointSchema()).check(z.minLength(1)), "the group's endpoints"),
    environments: limitedTo(),
  });

const queueDeclarationSchema = () =>
  z.strictObject({
    name: template(NAME_TEXT, "the queue's name; the environment's prefix goes before it"),
    parallelism: z.optional(described(z.int().check(z.minimum(1)), "messages delivered at once (default 1)")),
    paused: z.optional(
      described(
        z.boolean(),
        "keep the queue paused (or active); left out, apply leaves it as it is (a deploy window's pause)",
      ),
    ),
    environments: limitedTo(),
  });

const flowControlSchema = () =>
  z.strictObject({
    key: text("the flow-control key"),
    parallelism: z.optional(z.int().check(z.minimum(1))),
    rate: z.optional(z.int().check(z.minimum(1))),
    period: z.optional(duration("the period of rate: seconds, or 1s, 1m, 1h")),
  });

const scheduleDeclarationSchema = () =>
  z.strictObject({
    id: template(
      NAME_TEXT,
      "the stable key stashkit keeps the schedule by; its schedule id is the prefix and this",
    ),
    cron: text('a 5-field cron expression, optionally after CRON_TZ=<zone>, e.g. "0 3 * * *"'),
    destination: text("a URL, or the name of a URL group of this file"),
    method: z.optional(z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"])),
    body: z.optional(
      described(
        z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
        "the message's body: text, or JSON written as YAML (sent as JSON)",
      ),
    ),
    headers: z.optional(
      described(
        z.record(
          z
            .string()
            .check(
              z.regex(HEADER_NAME, "a header's name may contain only letters, digits and !#$%&'*+.^_`|~-"),
            ),
          z.string(),
        ),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: ${NAME} is the file's own syntax, said to its reader
        "headers the destination receives; ${NAME} in a value is the environment variable NAME (a secret, never in the file)",
      ),
    ),
    retries: z.optional(
      described(z.int().check(z.minimum(0), z.maximum(100)), "retries after a failed delivery"),
    ),
    retry_delay: z.optional(
      text("the delay between retries in ms, an expression of retried, e.g. 1000 * (1 + retried)"),
    ),
    delay: z.optional(duration("each message waits this long: seconds, or 30s, 10m, 1h, 1d")),
    timeout: z.optional(duration("how long the destination may take: seconds, or 30s, 2m")),
    callback: z.optional(text("a URL called with each delivery's answer")),
    failure_callback: z.optional(text("a URL called when every delivery failed")),
    queue: z.optional(text("the name of a queue of this file the messages go through")),
    flow_control: z.optional(flowControlSchema()),
    label: z.optional(
      described(
        z.union([
          z
            .string()
            .check(z.regex(/^[A-Za-z0-9._-]+$/, "a label may contain only letters, digits, -, . and _")),
          z.array(
            z
              .string()
              .check(z.regex(/^[A-Za-z0-9._-]+$/, "a label may contain only letters, digits, -, . and _")),
          ),
        ]),
        "labels for logs and the DLQ (and for pause-queue's schedule-label)",
      ),
    ),
    environments: limitedTo(),
  });

/** Built on first use: a command that reads no declaration never builds it. */
export const declarationSchema = lazily(() => fileSchema());

const fileSchema = () =>
  described(
    z.strictObject({
      $schema: z.optional(z.string()),
      version: described(z.literal(1), "the file format's version: 1"),
      environments: described(
        z.record(z.string().check(z.regex(ENVIRONMENT_NAME, ENVIRONMENT_WORDS)), environmentSchema()),
        "the environments (production, preview...) and their prefixes, protection and variables",
      ),
      schedules: z.optional(z.array(scheduleDeclarationSchema())),
      url_groups: z.optional(z.array(urlGroupDeclarationSchema())),
      queues: z.optional(z.array(queueDeclarationSchema())),
    }),
    "stashkit's declaration of QStash schedules, URL groups and queues, per environment",
  );

export type Declaration = z.output<ReturnType<typeof fileSchema>>;
export type EnvironmentDeclaration = Declaration["environments"][string];
export type ScheduleDeclaration = NonNullable<Declaration["schedules"]>[number];
export type UrlGroupDeclaration = NonNullable<Declaration["url_groups"]>[number];
export type QueueDeclaration = NonNullable<Declaration["queues"]>[number];
