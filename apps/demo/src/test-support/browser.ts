import { CHROMIUM_FLAGS, chromiumAvailable, DEFAULT_CHROMIUM_LAYOUT_OPTIONS } from '@winnow/title-segmenter';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser tests drive the same Chromium as the title segmenter: Debian's (`apt-get install chromium`,
 * never downloaded), `CHROMIUM_PATH` overriding it, with its headless, no-network flags.
 */
export const CHROMIUM_PATH = DEFAULT_CHROMIUM_LAYOUT_OPTIONS.executablePath;

export function chromiumInstalled(): boolean {
  return chromiumAvailable(CHROMIUM_PATH);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], headless: true, timeout: 30_000 });
}
