import { en } from "zod/locales";
import * as z from "zod/mini";

/**
 * zod's functional build (`zod/mini`), the one core's schemas use: the same library as
 * `import * as z from "zod"`, without the methods the classic API puts on every schema it builds,
 * so loading it and building the schemas costs a CLI or action step far less before its first
 * request (bench S1, C1). It carries no messages of its own; English is set here once, as the
 * classic API does on first use, so an issue reads "Invalid input: expected string, received
 * number" as before. Every schema module imports `z` from here, which keeps this call in the
 * bundle ahead of any parse (package.json names this module among those with side effects, so a
 * bundler keeps it although its exports are zod's own).
 */
z.config(en());

export * from "zod/mini";
