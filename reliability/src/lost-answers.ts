import { type ActionRun, messagingEnv } from "@stashkit/testing";
import { credentialSecrets, runBundle, withEmulator } from "./environment.ts";
import { check, expectNoLeaks, type Scenario } from "./suite.ts";

const TOKEN = messagingEnv()["QSTASH_TOKEN"] ?? "";

function pausedOutput(run: ActionRun): { kind: string; name: string }[] {
  return JSON.parse(run.outputs["paused"] ?? "[]") as { kind: string; name: string }[];
}

/**
 * The server pauses the queue, then the answer is lost (it hangs, or the connection drops): the
 * step cannot tell that it worked. It fails, but counts the queue as paused by itself, so the
 * post step resumes it rather than leaving it paused for good.
 */
function lostPause(fault: "hang" | "reset"): Scenario {
  return {
    section: "lost answers",
    name: `pause-queue: a pause whose answer ${fault === "hang" ? "hangs" : "is reset"} after the server applied it is resumed by the post step`,
    run: () =>
      withEmulator({}, async (server) => {
        await fetch(`${server.url}/v2/queues`, {
          method: "POST",
          headers: { authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify({ queueName: "orders", parallelism: 1 }),
        });
        const pausedNow = () => server.state.queues["orders"]?.paused;
        server.inject("POST /v2/queues/:name/pause", { kind: fault, phase: "after" });
        const inputs = {
          "queue-name": "orders",
          "resume-after-job": "always",
          "max-attempts": "1",
          // Room for a loaded machine to start the step and send the pause before the limit.
          "timeout-seconds": "5",
        };
        const main = await runBundle("pause", server.url, inputs, { timeoutMs: 35_000 });
        expectNoLeaks(main, credentialSecrets());
        check(main.exitCode === 1, `expected the main step to fail, got exit ${main.exitCode}`);
        check(pausedNow() === true, "the server did not apply the pause");
        const paused = pausedOutput(main);
        check(
          paused.length === 1 && paused[0]?.name === "orders",
          `paused output: ${JSON.stringify(paused)} (the queue must count as paused by the step)`,
        );
        server.clearFaults();
        const post = await runBundle("pause", server.url, inputs, {
          phase: "post",
          reuseDir: main.dir,
          jobStatus: "failure",
          timeoutMs: 35_000,
        });
        expectNoLeaks(post, credentialSecrets());
        check(post.exitCode === 0, `post step exit ${post.exitCode}`);
        check(pausedNow() === false, "the post step left the queue paused");
      }),
  };
}

export function lostAnswerScenarios(): Scenario[] {
  return [lostPause("hang"), lostPause("reset")];
}
