/** Requests one run sent: to the scenario's emulator (served and answered 429) and to the GitHub stand-in. */
export interface Requests {
  api: number;
  rateLimited: number;
  github: number;
}

/** One line of the results table (and of `results.json`): our side against one other, or our own targets. */
export interface Row {
  scenario: string;
  title: string;
  against: string;
  oursMs: number;
  theirsMs: number;
  ratio: number;
  target: number | undefined;
  ownTarget: string | undefined;
  verdict: string;
  note: string | undefined;
  oursRssMb: number;
  /** Median CPU time (user + system) of each side's Node processes, ms; NaN for a side that is not Node. */
  oursCpuMs?: number;
  theirsCpuMs?: number;
  pairs: number;
  oursRequests: Requests;
  theirsRequests: Requests | undefined;
  /** Median length of each phase (ms), from PHASE_PAIRS pairs apart from the timed ones. */
  phases?: { pairs: number; ours: Record<string, number>; theirs: Record<string, number> };
}
