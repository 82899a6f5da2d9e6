import {
  type CiRun,
  type GitHubContext,
  gitHubRun,
  isForkPullRequest,
  readGitHubContext,
} from "@stashkit/ci-context";
import { type ClientOptions, type Deadline, expandNameTemplate, parseBaseUrl } from "@stashkit/core";
import { runStep } from "../failure.ts";
import { readInput, readWithEnvFallback } from "../inputs.ts";
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
   * The client, built on first use, after the body has checked its own inputs: a missing
   * credential is reported only once every other input is known to be good.
   */
  client(): Client;
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
  build(credentials: Record<Names, string>, options: ClientOptions): Client;
}

/** Fills name templates (`myapp-pr-{pr}`) from a GitHub run; `input` names the template in errors. */
export function templateExpander(context: GitHubContext): (template: string, input: string) => string {
  const run: CiRun = gitHubRun(context);
  return (template, input) =>
    expandNameTemplate(template, run.values, { input, whereMissing: run.whereMissing });
}

/**
 * The wiring every step shares, in the order that keeps secrets safe and sends nothing on bad
 * input: register the credentials (and any secret inputs) as secrets first; read the step's
 * limits and base URL; create the step's deadline once; run the body; turn anything thrown into
 * one `::error::` line with a hint about the credentials.
 */
export async function openStep<Names extends string, Client>(
  api: ApiWiring<Names, Client>,
  action: string,
  body: (step: Step<Client, Names>) => Promise<void>,
  options: StepOptions,
): Promise<void> {
  const context = readGitHubContext();
  await runStep(
    options.title ?? action,
    async () => {
      const credentials = readCredentials(api.credentials);
      registerSecrets(...(options.secretInputs ?? []).map(readInput));
      const limits = readStepLimits();
      const { input, env, fallback } = api.baseUrl;
      const baseUrl = env ? readWithEnvFallback(input, env, fallback) : readInput(input) || fallback;
      parseBaseUrl(baseUrl, input);
      const deadline = stepDeadline(limits);
      let client: Client | undefined;
      await body({
        context,
        credentials,
        limits,
        deadline,
        client: () => {
          if (client === undefined) {
            requireCredentials(api.credentials, credentials);
            client = api.build(credentials, { baseUrl, ...stepClientOptions(action, limits, deadline) });
          }
          return client;
        },
        expandName: templateExpander(context),
      });
    },
    () => ({
      credentials: describeCredentials(api.credentials),
      credentialInputs: credentialInputs(api.credentials),
      forkPullRequest: isForkPullRequest(context),
    }),
  );
}
