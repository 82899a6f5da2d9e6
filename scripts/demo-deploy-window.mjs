// The demo's deploy-window step (scripts/demo.mjs calls it): pause-queue pauses a queue and a
// schedule found by its label, the schedule's tick is ignored while paused, and the post step
// (run as the runner runs it, with the main step's state) resumes both: the held messages arrive
// and the schedule fires again.
import { createServer } from "node:http";
import { join } from "node:path";
import { runAction } from "@stashkit/testing";

export async function deployWindow({ emulator, root, heading, show }) {
  const arrived = [];
  const destination = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      arrived.push(
        req.headers["upstash-schedule-id"] ? `tick of schedule ${req.headers["upstash-schedule-id"]}` : body,
      );
      res.end("ok");
    });
  });
  await new Promise((resolve) => destination.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${destination.address().port}/window-hook`;
  const messaging = { authorization: `Bearer ${emulator.messagingToken}` };
  const api = (path, init = {}) =>
    fetch(`${emulator.url}${path}`, { method: "POST", ...init, headers: { ...messaging, ...init.headers } });
  const nextMinute = async () =>
    (
      await (
        await fetch(`${emulator.url}/__stashkit/clock/advance`, { method: "POST", body: '{"minutes":1}' })
      ).json()
    ).fired;
  const waitFor = async (count) => {
    const deadline = Date.now() + 10_000;
    while (arrived.length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };

  heading("Deploy window: pause-queue, deploy, and the post step resumes what it paused");
  await api("/v2/queues", { body: JSON.stringify({ queueName: "emails", parallelism: 1, paused: false }) });
  await api(`/v2/schedules/${hook}`, {
    headers: {
      "upstash-cron": "* * * * *",
      "upstash-schedule-id": "nightly-sync",
      "upstash-label": "deploy-window",
    },
    body: "sync",
  });
  console.log("  queue emails: active; schedule nightly-sync (label deploy-window): every minute");

  const action = {
    actionDir: join(root, "actions/pause-queue"),
    inputs: {
      "queue-name": "emails",
      "schedule-label": "deploy-window",
      "resume-after-job": "success",
      "messaging-url": emulator.url,
    },
    env: { QSTASH_TOKEN: emulator.messagingToken },
  };
  console.log("\n  pause-queue (main step):");
  const main = await runAction(action);
  show(main);

  // A tick may have fired on the real clock before the pause; count from here.
  const paused = arrived.length;
  for (const n of [1, 2]) await api(`/v2/enqueue/emails/${hook}`, { body: `email #${n}` });
  await nextMinute();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const during = arrived.length - paused;
  console.log(
    `  during the deploy: 2 emails enqueued and the clock moved a minute (the schedule's tick is ignored while paused); arrived: ${during}`,
  );

  console.log("\n  pause-queue (post step, the job succeeded):");
  show(await runAction({ ...action, phase: "post", reuseDir: main.dir, jobStatus: "success" }));
  await waitFor(paused + 2);
  await nextMinute();
  await waitFor(paused + 3);
  const after = arrived.slice(paused);
  console.log("  arrived after the post step resumed them, in order (then the next tick):");
  for (const what of after) console.log(`    ${what}`);
  destination.close();
  return during === 0 && after[0] === "email #1" && after[1] === "email #2" && after[2]?.startsWith("tick");
}
