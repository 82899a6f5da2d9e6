import { readChoice, readIfMissing, readInput, readTargetInputs } from "@stashkit/action-kit";
import type { IfMissing, SelectedTargets } from "@stashkit/core/internal";

export const RESUME_AFTER_JOB = ["never", "success", "always"] as const;
export type ResumeAfterJob = (typeof RESUME_AFTER_JOB)[number];

export interface PauseInputs {
  targets: SelectedTargets;
  ifMissing: IfMissing;
  resumeAfterJob: ResumeAfterJob;
}

/** Reads and checks the main step's inputs before anything is sent (the step has read the token). */
export function readPauseInputs(): PauseInputs {
  return {
    targets: readTargetInputs("pause"),
    ifMissing: readIfMissing(),
    resumeAfterJob: readChoice("resume-after-job", RESUME_AFTER_JOB, "never"),
  };
}

export interface PostInputs {
  resumeAfterJob: ResumeAfterJob;
  /** `job.status` as the runner evaluated it for the post step; "" when the runner gave none. */
  jobStatus: string;
}

/** The post step's inputs are evaluated again when it runs: job-status then says how the job went. */
export function readPostInputs(): PostInputs {
  return {
    resumeAfterJob: readChoice("resume-after-job", RESUME_AFTER_JOB, "never"),
    jobStatus: readInput("job-status"),
  };
}

/** `success` resumes only after a job known to have succeeded; an unknown status leaves things paused. */
export function shouldResume(inputs: PostInputs): boolean {
  if (inputs.resumeAfterJob === "always") return true;
  return inputs.resumeAfterJob === "success" && inputs.jobStatus === "success";
}
