import { isCi } from "../output/terminal.ts";

export interface ProgressSink {
  /** Called with the documents written so far (of `total` when known). */
  update(written: number): void;
  /** Ends a bar's line on a terminal. */
  done(): void;
}

/** At most one plain line per interval in CI or a pipe: a log, not a flood. */
const PLAIN_INTERVAL_MS = 5_000;
const BAR_WIDTH = 24;

/**
 * Progress of a seed, a clone or a replay on stderr: a bar redrawn in place on a terminal (documents
 * written, rate, time left), plain lines now and then in CI and pipes, nothing with --quiet.
 */
export function writeProgress(options: {
  label: string;
  total: number | undefined;
  /** What is counted: "documents" unless said. */
  unit?: string;
  env: Record<string, string | undefined>;
  quiet: boolean;
  stderr?: NodeJS.WriteStream;
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
}): ProgressSink {
  const stderr = options.stderr ?? process.stderr;
  const now = options.now ?? Date.now;
  const bar = stderr.isTTY === true && !isCi(options.env);
  const rate = smoothedRate();
  let lastPlain = now();
  let drawn = false;
  const describe = (written: number) => {
    const perSecond = rate.perSecond();
    const { total } = options;
    const of = total === undefined ? "" : `/${total}`;
    const speed = perSecond === undefined ? "" : `, ${Math.round(perSecond)}/s`;
    // Nothing is left once all is written: "~1 s left" (duration's least) would say otherwise.
    const left =
      total !== undefined && written < total && perSecond !== undefined && perSecond > 0
        ? `, ~${duration((total - written) / perSecond)} left`
        : "";
    return `${options.label}: ${written}${of} ${options.unit ?? "documents"}${speed}${left}`;
  };
  return {
    update(written) {
      rate.sample(written, now());
      if (options.quiet) return;
      if (bar) {
        const share = options.total ? Math.min(1, written / options.total) : 0;
        const filled = "#".repeat(Math.round(share * BAR_WIDTH)).padEnd(BAR_WIDTH, "-");
        stderr.write(`\r[${filled}] ${describe(written)}\u001b[K`);
        drawn = true;
      } else if (now() - lastPlain >= PLAIN_INTERVAL_MS) {
        lastPlain = now();
        stderr.write(`${describe(written)}\n`);
      }
    },
    done() {
      if (drawn) stderr.write("\n");
    },
  };
}

/** A sample's weight against what came before: the rate follows a change within a few samples. */
const WEIGHT = 0.3;
/** Samples closer together than this are merged: a burst of batches is not a rate. */
const MIN_SAMPLE_MS = 500;

/**
 * Documents per second, smoothed (an exponential moving average of the rate between samples).
 * The clock starts at the first sample, not when the progress was made: the time spent before the
 * first write (an index created, a source looked up) would make the first rate a fraction of the
 * real one, and the first "time left" many times too long. Undefined until two samples.
 */
export function smoothedRate() {
  let last: { at: number; written: number } | undefined;
  let rate: number | undefined;
  return {
    sample(written: number, at: number): void {
      if (last === undefined) {
        last = { at, written };
        return;
      }
      const elapsed = at - last.at;
      if (elapsed < MIN_SAMPLE_MS) return;
      const current = ((written - last.written) * 1000) / elapsed;
      rate = rate === undefined ? current : WEIGHT * current + (1 - WEIGHT) * rate;
      last = { at, written };
    },
    perSecond: (): number | undefined => rate,
  };
}

/** "40 s", "3 min", "2 h 5 min": a time left, as precise as it can be. */
export function duration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
