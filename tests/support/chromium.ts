import fs from 'node:fs';

/**
 * The browser the Playwright suites drive: CHROMIUM_PATH, else Debian's headless shell (the
 * headless-only build Playwright itself runs by default, at half the processor time of the
 * full browser in its headless mode), else Debian's full Chromium.
 */
export const chromiumExecutable = (): string =>
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
