import type { Walk } from "./walk.ts";

const EMULATOR = "packages/emulator";

const TEST = `import { expect, it } from "vitest";
import { emulator, messaging } from "./helpers.ts";

it("answers a queue's toy route, and the messaging API's 404 for a queue it does not hold", async () => {
  const server = await emulator();
  expect((await messaging(server).upsert({ queueName: "toys", parallelism: 1 })).status).toBe(200);
  const headers = { authorization: \`Bearer \${server.messagingToken}\` };
  const answer = await fetch(\`\${server.url}/v2/queues/toys/toy\`, { headers });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ name: "toys", toy: true });
  expect((await fetch(\`\${server.url}/v2/queues/none/toy\`, { headers })).status).toBe(404);
});
`;

/** "A new emulator route": a toy GET route on the messaging API's queues. */
export const ROUTE_WALK: Walk = {
  heading: "A new emulator route",
  steps: {
    1: {
      names: "src/messaging/routes/queue-routes.ts",
      files: [`${EMULATOR}/src/messaging/routes/queue-routes.ts`],
      apply(copy) {
        copy.replace(
          `${EMULATOR}/src/messaging/routes/queue-routes.ts`,
          "  return {\n    upsert(",
          "  return {\n    toy: (context: RouteContext) => ok({ name: existing(context).name, toy: true }),\n    upsert(",
        );
      },
    },
    2: {
      names: "src/messaging/routes/routes.ts",
      files: [`${EMULATOR}/src/messaging/routes/routes.ts`],
      apply(copy) {
        const resume = '    post("/v2/queues/:name/resume", queues.resume),\n';
        copy.replace(
          `${EMULATOR}/src/messaging/routes/routes.ts`,
          resume,
          `${resume}    get("/v2/queues/:name/toy", queues.toy),\n`,
        );
      },
    },
    3: {
      names: "packages/emulator/README.md",
      files: [`${EMULATOR}/test/toy-route.test.ts`, `${EMULATOR}/README.md`],
      apply(copy) {
        copy.write(`${EMULATOR}/test/toy-route.test.ts`, TEST);
        copy.replace(
          `${EMULATOR}/README.md`,
          "`…/resume`, `POST /v2/enqueue",
          "`…/resume`, `GET …/toy`, `POST /v2/enqueue",
        );
      },
    },
  },
  checks: [
    { folder: EMULATOR, command: "npx", args: ["vitest", "run", "test/toy-route.test.ts"] },
    { folder: EMULATOR, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  ],
  // Without its line in the route table the handler is never reached: the test gets a 404;
  // without the handler, the table names one that does not exist.
  omissions: [
    { step: 2, check: 0 },
    { step: 1, check: 1 },
  ],
};
