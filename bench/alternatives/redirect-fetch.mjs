// The official CLI has its base URL fixed in its code; this preload sends its requests to
// the emulator instead, changing nothing else.
const target = process.env.BENCH_MANAGEMENT_URL;
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => realFetch(String(input).replace("https://api.upstash.com", target), init);
