// The verdict on a row's targets. A quick run (`--quick`, what CI runs on a shared, loaded
// machine) only proves every scenario works: its times say little, so time targets are not
// judged there, while request counts and memory, which load does not change, still are.

/** What a target is about: time (a ratio of times, or a time limit), requests sent, or memory. */
export type TargetKind = "time" | "requests" | "memory";

export interface Judgement {
  judges: TargetKind;
  met: boolean;
}

export const NOT_JUDGED_QUICK = "not judged in quick mode";

/** "PASS", "MISS", "-" when the row has no target, or says which targets a quick run left out. */
export function verdictOf(judgements: Judgement[], quick: boolean): string {
  const judged = quick ? judgements.filter((judgement) => judgement.judges !== "time") : judgements;
  const leftOut = judgements.length > judged.length;
  if (judged.length === 0) return leftOut ? NOT_JUDGED_QUICK : "-";
  const verdict = judged.every((judgement) => judgement.met) ? "PASS" : "MISS";
  return leftOut ? `${verdict} (time ${NOT_JUDGED_QUICK})` : verdict;
}
