export { resume as run } from "./queues.ts";
