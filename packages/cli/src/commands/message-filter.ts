import { checkMessageFilter, type FilterNames, type MessageFilter } from "@stashkit/core";

export const FILTER_FLAG_NAMES: FilterNames = {
  labels: "--label",
  urls: "--url",
  queues: "--queue",
  all: "--all",
};

/** --label, --url and --queue, checked by core's rule before anything is sent (commas separate too). */
export function readMessageFilter(flags: {
  label?: string[];
  url?: string[];
  queue?: string[];
}): MessageFilter {
  const split = (values: string[] | undefined) => (values ?? []).flatMap((value) => value.split(","));
  return checkMessageFilter(
    { labels: split(flags.label), urls: flags.url ?? [], queues: split(flags.queue) },
    FILTER_FLAG_NAMES,
  );
}

/** A time as the API gives it (ms since the epoch), to the second. */
export function isoTime(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms)
    ? "unknown"
    : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
