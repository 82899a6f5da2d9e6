import {
  type CiRun,
  type GitHubContext,
  gitHubRun,
  isForkPullRequest,
  readGitHubContext,
} from "@stashkit/ci-context";
import {
  type ClientOptions,
  type Deadline,
  destroyProxyAgents,
  expandNameTemplate,
  Redactor,
} from "@stashkit/core";
import { parseBaseUrl } from "@stashkit/core/internal";
import { runStep } from "../failure.ts";
import { readInput, readWithEnvFallback } from "../inputs.ts";
import * as core from "../runner/commands.ts";
import { registerSecrets } from "../secrets.ts";
import {
  type CredentialSpec,
  credentialInputs,
  describeCredentials,
  readCredentials,
  requireCredentials,
} from "./credentials.ts";
import { readStepLimits, type StepLimits, stepClientOptions, stepDeadline } from "./limits.ts";

/** What a step's body gets: the run, the step's one deadline, its credentials and its API client. */
export interface Step<Client, Names extends string = string> {
  context: GitHubContext;
  /** The credentials as read (already registered as secrets); empty when unset. */
  credentials: Readonly<Record<Names, string>>;
  limits: StepLimits;
  deadline: Deadline;
  /**
   * Knows every secret of the step (each form of the credentials, secret inputs, and what the
   * client learns, such as index tokens); the client masks with it, and so does the failure
   * line. Mask other APIs' text with it too (`redactAndClip`).
   */
  redactor: Redactor;
  /**
   * The options of any other client the step builds (the data plane's): its limits, deadline,
   * logger, user agent and redactor, as the step's own client has them.
   */
  clientOptions: ClientOptions;
  /**
   * The client, built on first use, after the body has checked its own inputs: a missing
   * credential is reported only once every other input is known to be good. Asynchronous because
   * the client's module loads then: a step that refuses an input never loads the client, its
   * transport or zod, most of an action's bundle (bench S4).
   */
  client(): Promise<Client>;
  /** Fills a name template (`myapp-pr-{pr}`) from this run; `input` names it in errors. */
  expandName(template: string, input: string): string;
}

export interface StepOptions {
  /** Said before the failure line instead of the action's name, e.g. for a post step. */
  title?: string;
  /** Inputs that hold further secrets (a GitHub token), registered with the credentials. */
  secretInputs?: string[];
}

/** How one API's steps are wired: its credentials, its base URL input, its client. */
export interface ApiWiring<Names extends string, Client> {
  credentials: CredentialSpec<Names>;
  /** The base URL: the input, else (when given) an environment variable, else the public API. */
  baseUrl: { input: string; env?: string; fallback: string };
  /** Loads the client's module (see `Step.client`) and builds the client. */
  build(credentials: Record<Names, string>, options: ClientOptions): Promise<Client>;
}

/** Fills name templates (`myapp-pr-{pr}`) from a GitHub run; `input` names the template in errors. */
export function templateExpander(context: GitHubContext): (template: string, input: string) => string {
  const run: CiRun = gitHubRun(context);
  return (template, input) =>
    expandNameTemplate(template, run.values, { input, whereMissing: run.whereMissing });
}

/** How long past its deadline a step may take to write its failure and end by itself. */
const GRACE_MS = 3_000;

/**
 * The wiring every step shares, in the order that keeps secrets safe and sends nothing on bad
 * input: register the credentials (and any secret inputs) as secrets first; read the step's
 * limits and base URL; create the step's deadline once; run the body; turn anything thrown into
 * one `::error::` line with a hint about the credentials.
 *
 * The deadline ends the process too, here and nowhere else. A failed step closes the proxy
 * agents (a proxy that accepted the connection and never answers holds its socket open). As a
 * last resort, GRACE_MS past the deadline, a process still alive exits: after writing the
 * failure line if the body is still running (a call the deadline does not govern), with the
 * failure already written otherwise. The timer is unref'd and cleared on success: it never keeps
 * a process alive nor ends one that did its work.
 */
export async function openStep<Names extends string, Client>(
  api: ApiWiring<Names, Client>,
  action: string,
  body: (step: Step<Client, Names>) => Promise<void>,
  options: StepOptions,
): Promise<void> {
  const context = readGitHubContext();
  const title = options.title ?? action;
  const redactor = new Redactor();
  let watchdog: NodeJS.Timeout | undefined;
  let failureWritten = false;
  const succeeded = await runStep(
    title,
    async () => {
      const credentials = readCredentials(api.credentials);
      redactor.add(...api.credentials.forms(credentials));
      const secretInputs = (options.secretInputs ?? []).map(readInput);
      registerSecrets(...secretInputs);
      redactor.add(...secretInputs);
      const limits = readStepLimits();
      const baseUrl = readBaseUrl(api.baseUrl);
      const deadline = stepDeadline(limits);
      watchdog = startWatchdog(deadline, () =>
        failureWritten
          ? undefined
          : `${title}: still running ${GRACE_MS / 1000} s after timeout-seconds (${limits.timeoutSeconds} s) passed; stopping`,
      );
      let client: Promise<Client> | undefined;
      const clientOptions = { ...stepClientOptions(action, limits, deadline), redactor };
      await body({
        context,
        credentials,
        limits,
        deadline,
        redactor,
        clientOptions,
        client: () => {
          client ??= (async () => {
            requireCredentials(api.credentials, credentials);
            return api.build(credentials, { baseUrl, ...clientOptions });
          })();
          return client;
        },
        expandName: templateExpander(context),
      });
    },
    () => ({
      credentials: describeCredentials(api.credentials),
      credentialInputs: credentialInputs(api.credentials),
      forkPullRequest: isForkPullRequest(context),
      redact: (text) => redactor.redact(text),
    }),
  );
  if (succeeded) {
    clearTimeout(watchdog);
  } else {
    failureWritten = true;
    await destroyProxyAgents();
  }
}

/** The base URL input, else (when given) its environment variable, else the public API; checked. */
function readBaseUrl({ input, env, fallback }: ApiWiring<string, unknown>["baseUrl"]): string {
  const baseUrl = env ? readWithEnvFallback(input, env, fallback) : readInput(input) || fallback;
  parseBaseUrl(baseUrl, input);
  return baseUrl;
}

/**
 * The last resort, GRACE_MS past the deadline: ends the process, first writing the failure line
 * `failure` gives (none when it is already written). Unref'd: it never keeps a process alive.
 */
function startWatchdog(deadline: Deadline, failure: () => string | undefined): NodeJS.Timeout {
  return setTimeout(() => {
    const line = failure();
    if (line !== undefined) core.setFailed(line);
    process.exit(1);
  }, deadline.remainingMs() + GRACE_MS).unref();
}
