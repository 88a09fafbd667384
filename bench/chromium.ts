/**
 * Debian's Chromium for the benchmark, with the flags test/browser/chromium.ts uses on
 * this offline machine, plus a resolver that answers no host name: every page the
 * bench drives lives on 127.0.0.1, so anything else it tries would be the internet.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Loopback only: a host name resolves to nothing, so an off-site request fails at once instead of leaving the machine. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export const CHROMIUM_FLAGS = ['--headless', ...OFFLINE_FLAGS, LOOPBACK_ONLY];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
