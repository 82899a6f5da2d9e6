import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

/**
 * Debian's Chromium (`.ci/run` installs it with apt when it is missing), or the one
 * STASHKIT_CHROMIUM names; scripts/lib/prerequisites.mjs looks in the same place.
 */
export const CHROMIUM = process.env["STASHKIT_CHROMIUM"] || "/usr/bin/chromium";
export const SCREENSHOTS = join(import.meta.dirname, "../test-results/inspector");

/**
 * Launches Chromium headless. No browser is a failure, never a skip: these tests are how the
 * inspector is known to work.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the inspector's browser tests need Chromium at ${CHROMIUM}: run \`bash .ci/run --setup\` (Debian's chromium), or set STASHKIT_CHROMIUM to a Chromium binary`,
    );
  }
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-quic",
      "--no-first-run",
      "--disable-sync",
    ],
  });
}

/** A page that fails its test on any request to another origin (the inspector makes none). */
export async function openInspector(
  browser: Browser,
  url: string,
): Promise<{ page: Page; foreign: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // A limit against hangs on a busy 2-core runner, not a speed assertion.
  page.setDefaultTimeout(60_000);
  const foreign: string[] = [];
  const origin = new URL(url).origin;
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) foreign.push(request.url());
  });
  await page.goto(`${url}/`);
  return { page, foreign };
}

export function screenshot(name: string): string {
  return join(SCREENSHOTS, `${name}.png`);
}

/**
 * A test file's inspector pages: Chromium launched once for the file, each page's context closed
 * after its test, which also fails if the page loaded anything from anywhere but the emulator (no
 * CDN, no fonts). Call at the top of the file; answers `inspect(url)`, a page on the inspector.
 */
export function inspectorPages(): (url: string, options?: { otherSite?: boolean }) => Promise<Page> {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  const foreignRequests: string[][] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const foreign of foreignRequests.splice(0)) expect(foreign).toEqual([]);
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  // `otherSite`: the page is another site's, whose requests to the emulator are the point.
  return async (url, { otherSite = false } = {}) => {
    if (!browser) throw new Error("inspectorPages(): the browser starts in beforeAll");
    const { page, foreign } = await openInspector(browser, url);
    pages.push(page);
    if (!otherSite) foreignRequests.push(foreign);
    return page;
  };
}

/** A section of the inspector, by its accessible name. */
export function region(page: Page, name: string) {
  return page.getByRole("region", { name });
}
