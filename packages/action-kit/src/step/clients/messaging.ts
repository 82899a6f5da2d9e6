// Imported on a step's first use of its client (see `Step.client`): the client and all it loads
// (transport, resources, zod) stay out of what a step that refuses an input compiles.
export { MessagingClient } from "@stashkit/core";
