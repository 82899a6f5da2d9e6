import { type QStashEnvironment, qstashEnvironments } from "@stashkit/core/internal";
import type { CommandContext } from "../context.ts";
import { UsageError } from "../usage-error.ts";

/**
 * The QStash settings an app built with the official SDKs publishes with, as core reads them
 * (`QSTASH_TOKEN` and `QSTASH_URL`, or the `<REGION>_` forms with `QSTASH_REGION`), `--token` and
 * `--messaging-url` first; every token and key is masked before anything is printed.
 */
export function primarySettings(
  flags: { token?: string; messagingUrl?: string },
  context: CommandContext,
): QStashEnvironment & { token: NonNullable<QStashEnvironment["token"]> } {
  const settings = qstashEnvironments(context.env, { token: flags.token, url: flags.messagingUrl });
  maskAll(settings.environments, context);
  const primary = settings.environments.find((environment) => environment.primary);
  if (primary?.token === undefined) {
    throw new UsageError(
      "--token",
      "QSTASH_TOKEN is not set and --token was not given; set QSTASH_TOKEN (preferred: flags show up in the process list), or the <REGION>_QSTASH_TOKEN of QSTASH_REGION",
    );
  }
  return { ...primary, token: primary.token };
}

/** Every token and signing key the settings hold, masked in whatever the command prints. */
export function maskAll(environments: readonly QStashEnvironment[], context: CommandContext): void {
  for (const environment of environments) {
    for (const secret of [environment.token, environment.currentSigningKey, environment.nextSigningKey]) {
      if (secret !== undefined) context.redactor.add(secret.value);
    }
  }
}
