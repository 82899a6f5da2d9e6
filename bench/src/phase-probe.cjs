// Preloaded (`--require`) into a Node process the benchmark times by phase, when
// BENCH_PHASE_FILE names a file: records, in ms since the process began (performance.now()),
// when the first line of a JavaScript file module ran, when each request was sent and its answer
// arrived (undici's diagnostics channels for fetch, node:http's for node:http), each write to stdout,
// stderr and the runner's files, and the exit; writes them to that file as JSON on exit. It
// only observes: what the process does and prints is unchanged.
const file = process.env.BENCH_PHASE_FILE;
if (file) {
  const fs = require("node:fs");
  const { writeFileSync } = fs;
  const { subscribe } = require("node:diagnostics_channel");
  const { registerHooks, syncBuiltinESMExports } = require("node:module");
  const events = [];
  const mark = (name) => events.push([name, performance.now()]);

  // The first line of a module: a marker call put in front of each ES module's source, after a
  // shebang, on the same line (line numbers stay as they were).
  const MARKER = Symbol.for("stashkit.bench.phase");
  globalThis[MARKER] = () => {
    if (!events.some(([name]) => name === "entry")) mark("entry");
  };
  const call = 'globalThis[Symbol.for("stashkit.bench.phase")]();';
  registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      if (loaded.format !== "module" || !url.startsWith("file:") || loaded.source == null) return loaded;
      const source =
        typeof loaded.source === "string" ? loaded.source : Buffer.from(loaded.source).toString();
      const shebang = source.startsWith("#!") ? source.indexOf("\n") + 1 : 0;
      return { ...loaded, source: `${source.slice(0, shebang)}${call}${source.slice(shebang)}` };
    },
  });

  // Requests: created, headers on the wire, answer's headers, answer's end (its trailers).
  subscribe("undici:request:create", () => mark("request"));
  subscribe("undici:client:sendHeaders", () => mark("sent"));
  subscribe("undici:request:headers", () => mark("headers"));
  subscribe("undici:request:trailers", () => mark("answered"));
  // The same points of a node:http request (how our actions send): its 'finish' is the request
  // handed whole to the socket, its answer's 'end' the last byte read.
  subscribe("http.client.request.start", ({ request }) => {
    mark("request");
    request.once("finish", () => mark("sent"));
  });
  subscribe("http.client.response.finish", ({ response }) => {
    mark("headers");
    response.once("end", () => mark("answered"));
  });

  // Writes to the runner's files ($GITHUB_OUTPUT is "output"), timed when the write returned.
  const output = process.env.GITHUB_OUTPUT;
  for (const method of ["appendFileSync", "writeFileSync"]) {
    const original = fs[method];
    fs[method] = function (path, ...rest) {
      const result = original.call(this, path, ...rest);
      mark(output !== undefined && String(path) === output ? "write:output" : "write:file");
      return result;
    };
  }
  syncBuiltinESMExports();

  // stdout and stderr are created on first use; wrap them then, so a process that never prints
  // does not pay for creating them here.
  for (const name of ["stdout", "stderr"]) {
    const descriptor = Object.getOwnPropertyDescriptor(process, name);
    if (!descriptor?.get || !descriptor.configurable) continue;
    let stream;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: descriptor.enumerable,
      get() {
        if (stream === undefined) {
          stream = descriptor.get.call(process);
          const write = stream.write;
          stream.write = function (...args) {
            const result = write.apply(this, args);
            // A workflow debug line is not a result: ours logs the answer's arrival with one.
            const debug = typeof args[0] === "string" && args[0].startsWith("::debug::");
            mark(debug ? "write:debug" : `write:${name}`);
            return result;
          };
        }
        return stream;
      },
    });
  }

  process.on("exit", () => {
    mark("exit");
    writeFileSync(file, JSON.stringify({ timeOrigin: performance.timeOrigin, events }));
  });
}
