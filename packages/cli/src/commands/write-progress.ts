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
}): ProgressSink {
  const stderr = options.stderr ?? process.stderr;
  const started = Date.now();
  const bar = stderr.isTTY === true && !isCi(options.env);
  let lastPlain = started;
  let drawn = false;
  const describe = (written: number) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const rate = written / seconds;
    const { total } = options;
    const of = total === undefined ? "" : `/${total}`;
    const left = total !== undefined && rate > 0 ? `, ~${Math.ceil((total - written) / rate)} s left` : "";
    return `${options.label}: ${written}${of} ${options.unit ?? "documents"}, ${Math.round(rate)}/s${left}`;
  };
  return {
    update(written) {
      if (options.quiet) return;
      if (bar) {
        const share = options.total ? Math.min(1, written / options.total) : 0;
        const filled = "#".repeat(Math.round(share * BAR_WIDTH)).padEnd(BAR_WIDTH, "-");
        stderr.write(`\r[${filled}] ${describe(written)}\u001b[K`);
        drawn = true;
      } else if (Date.now() - lastPlain >= PLAIN_INTERVAL_MS) {
        lastPlain = Date.now();
        stderr.write(`${describe(written)}\n`);
      }
    },
    done() {
      if (drawn) stderr.write("\n");
    },
  };
}
