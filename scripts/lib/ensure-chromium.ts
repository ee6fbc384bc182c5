import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the browser tests find Chromium; playwright.config.ts reads the same variable. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Installer = () => void;

/** Debian's chromium through apt-get, when this user may install packages (root, as on CI). */
export function aptInstaller(): Installer | null {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return null;
  return () => {
    console.log("\n=== installing Debian's chromium for the browser tests (once)");
    const apt = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', 'chromium']);
  };
}

/**
 * The browser tests need a Chromium of the system's (Playwright's own download is out of
 * reach offline). Installs it when missing and possible; otherwise answers the one line that
 * says what to install, or null when it is there.
 */
export function ensureChromium(path = chromiumPath, install: Installer | null = aptInstaller()): string | null {
  if (existsSync(path)) return null;
  if (!install) {
    return `The browser tests need Chromium at ${path}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.`;
  }
  install();
  return existsSync(path)
    ? null
    : `Installing Debian's chromium did not give ${path} (see apt-get's output above); install it, or set CHROMIUM_PATH, then run npm test again.`;
}
