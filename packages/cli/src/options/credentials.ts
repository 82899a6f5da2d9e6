import { UsageError } from "../usage-error.ts";

type Environment = Record<string, string | undefined>;

/** A credential: its flag, else its environment variable (the names the actions use). */
function credential(flag: string | undefined, flagName: string, env: Environment, envName: string): string {
  const value = (flag ?? "").trim() || (env[envName] ?? "").trim();
  if (value === "") {
    throw new UsageError(
      flagName,
      `${envName} is not set and ${flagName} was not given; set ${envName} (preferred: flags show up in the process list)`,
    );
  }
  return value;
}

export function managementCredentials(
  flags: { email?: string; apiKey?: string },
  env: Environment,
): { email: string; apiKey: string } {
  return {
    email: credential(flags.email, "--email", env, "UPSTASH_EMAIL"),
    apiKey: credential(flags.apiKey, "--api-key", env, "UPSTASH_API_KEY"),
  };
}

export function messagingToken(flags: { token?: string }, env: Environment): string {
  return credential(flags.token, "--token", env, "QSTASH_TOKEN");
}
