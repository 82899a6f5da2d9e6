// A timed run by phase, from what src/phase-probe.cjs recorded inside the process: where the
// time between spawn and exit went, so the gap between our run and the floor's can be read
// phase by phase instead of as one ratio.
import { readFileSync } from "node:fs";
import { median } from "./median.ts";

/** What the probe wrote: the process's start (epoch ms) and its events in ms since then. */
interface ProbeRecord {
  timeOrigin: number;
  events: [string, number][];
}

/** The moments that end each phase, in ms since spawn. */
type Point = "started" | "entry" | "sent" | "answered" | "validated" | "written" | "exited" | "reaped";
export type PhasePoints = { [point in Point]?: number | undefined };

/** Each phase runs from the previous phase's end (the last one known) to its own. */
// size: table
export const PHASES: { name: string; ends: Point; text: string }[] = [
  { name: "start", ends: "started", text: "spawn → Node's process began" },
  { name: "load", ends: "entry", text: "→ the script's first line runs" },
  { name: "to first request", ends: "sent", text: "→ the first request's headers are sent" },
  { name: "answer received", ends: "answered", text: "→ the answer's last byte, 50 ms latency included" },
  { name: "answer validated", ends: "validated", text: "→ the first write after the answer" },
  { name: "outputs written", ends: "written", text: "→ the last output written" },
  { name: "exit", ends: "exited", text: "→ the 'exit' event" },
  { name: "teardown", ends: "reaped", text: "→ the parent sees the exit" },
];

/**
 * The points of one run. "Validated" is the first write after the answer other than a debug
 * line (ours logs the answer's arrival before it parses it): for our action the masks and
 * `::endgroup::` that follow the operation, for the floor its outputs. "Written" is the last
 * write to $GITHUB_OUTPUT, or to stdout for a program without one (the CLI).
 */
export function phasePoints(file: string, spawnedAt: number, totalMs: number): PhasePoints | undefined {
  let record: ProbeRecord;
  try {
    record = JSON.parse(readFileSync(file, "utf8")) as ProbeRecord;
  } catch {
    return undefined; // not a Node process (curl), or it never got to write the record
  }
  const started = record.timeOrigin - spawnedAt;
  const times = (wanted: (name: string) => boolean) =>
    record.events.filter(([name]) => wanted(name)).map(([, at]) => started + at);
  const outputs = times((name) => name === "write:output");
  const answered = times((name) => name === "answered")
    .filter((at) => at <= (outputs[0] ?? Number.POSITIVE_INFINITY))
    .at(-1);
  const writes = times((name) => name.startsWith("write:") && name !== "write:debug");
  return {
    started,
    entry: times((name) => name === "entry")[0],
    sent: times((name) => name === "sent")[0] ?? times((name) => name === "request")[0],
    answered,
    validated: answered === undefined ? undefined : writes.find((at) => at >= answered),
    written: (outputs.length > 0 ? outputs : times((name) => name === "write:stdout")).at(-1),
    exited: times((name) => name === "exit")[0],
    reaped: totalMs,
  };
}

/** Each phase's length in one run; a phase whose end is unknown is left out (the next one spans it). */
export function phaseLengths(points: PhasePoints): Record<string, number> {
  const lengths: Record<string, number> = {};
  let previous = 0;
  for (const phase of PHASES) {
    const end = points[phase.ends];
    if (end === undefined) continue;
    lengths[phase.name] = end - previous;
    previous = end;
  }
  return lengths;
}

/** The median of each phase over the runs that have it. */
export function medianPhases(runs: PhasePoints[]): Record<string, number> {
  const lengths = runs.map(phaseLengths);
  const medians: Record<string, number> = {};
  for (const phase of PHASES) {
    const values = lengths.flatMap((run) =>
      run[phase.name] === undefined ? [] : [run[phase.name] as number],
    );
    // Tenths of a millisecond: finer than the clock between two processes is worth.
    if (values.length > 0) medians[phase.name] = Math.round(median(values) * 10) / 10;
  }
  return medians;
}

/** The phase table of one comparison: ours, theirs and the difference, medians in ms. */
export function phaseTable(
  title: string,
  ours: Record<string, number>,
  theirs: Record<string, number>,
  theirLabel: string,
): string {
  const cell = (value: number | undefined) => (value === undefined ? "-" : value.toFixed(0)).padStart(7);
  const label = (phase: (typeof PHASES)[number]) => `${phase.name} (${phase.text})`;
  const width = Math.max(...PHASES.map((phase) => label(phase).length));
  const lines = [title, `  ${"phase".padEnd(width)} ${"ours".padStart(7)} ${theirLabel.padStart(7)}    diff`];
  for (const phase of PHASES) {
    const mine = ours[phase.name];
    const their = theirs[phase.name];
    const diff = mine === undefined || their === undefined ? undefined : mine - their;
    lines.push(
      `  ${label(phase).padEnd(width)} ${cell(mine)} ${cell(their)} ${diff === undefined ? "      -" : `${diff >= 0 ? "+" : ""}${diff.toFixed(0)}`.padStart(7)}`,
    );
  }
  return lines.join("\n");
}
