import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './setup';

export const SHOTS_DIR = '/tmp/shots';

/**
 * Screenshots of `page` at 1280 and 375 px to `/tmp/shots/<name>-<width>.png` (full page), each
 * after asserting the page does not scroll sideways at that width; `atWidth`, when given, runs its
 * own checks at each width before the screenshot. Leaves the page at 1280 px.
 */
export async function shoot(page: Page, name: string, atWidth?: (width: number) => Promise<void>): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.width} px scrolls sideways`).to.be.at.most(0);
    await atWidth?.(viewport.width);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
