import { type ExportedDeclaration, exportDeclaration } from "../qstash-files/export-declaration.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { liveSchedule, type QStashAccount, readLiveAccount } from "./qstash-live.ts";

export interface ExportQStashInput extends CallOptions {
  /** The environment the file declares: `plan --env <it>` against the same account then shows no change. */
  environment: string;
  format?: "yaml" | "json" | undefined;
}

/**
 * Writes a declaration file from the account as it is (adopting what the console made): one
 * environment, every schedule, URL group and queue. Three reads; nothing is written to the account.
 */
export async function exportQStash(
  account: QStashAccount,
  input: ExportQStashInput,
): Promise<ExportedDeclaration> {
  const live = await readLiveAccount(account, input);
  return exportDeclaration({
    environment: input.environment,
    format: input.format ?? "yaml",
    schedules: live.schedules.map((schedule) => ({ schedule, ...liveSchedule(schedule) })),
    urlGroups: live.urlGroups,
    queues: live.queues,
  });
}
