import { noTargets, readChoice, readInput, readTargetInputs, TARGET_INPUTS } from "@stashkit/action-kit";
import { ConfigurationError } from "@stashkit/core";

export const RESUME_AFTER_JOB = ["never", "success", "always"] as const;
export type ResumeAfterJob = (typeof RESUME_AFTER_JOB)[number];

export interface PauseInputs {
  targets: ReturnType<typeof readTargetInputs>;
  ifMissing: "fail" | "warn" | "ignore";
  resumeAfterJob: ResumeAfterJob;
}

/** Reads and checks the main step's inputs before anything is sent (the step has read the token). */
export function readPauseInputs(): PauseInputs {
  const targets = readTargetInputs();
  if (noTargets(targets)) {
    throw new ConfigurationError(
      "queue-name",
      `nothing to pause: set at least one of the inputs ${TARGET_INPUTS.join(", ")} (one value, or several separated by newlines or commas)`,
    );
  }
  return {
    targets,
    ifMissing: readChoice("if-missing", ["fail", "warn", "ignore"] as const, "fail"),
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
