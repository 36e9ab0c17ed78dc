/**
 * Headless Chromium for the page tests: Debian's `/usr/bin/chromium` driven by playwright-core
 * (`.ci/run` installs the package when missing; the tests fail, never skip, without it).
 */
import { chromium, type Browser } from 'playwright-core';

/** Launch headless Chromium without the sandbox, GPU or background network traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
