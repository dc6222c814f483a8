import type { Page } from 'playwright-core';

/** Waits until the document title is `expected`; fails naming the title the page kept. */
export async function expectDocumentTitle(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForFunction((title) => document.title === title, expected);
  } catch {
    throw new Error(`document title is "${await page.title()}", expected "${expected}" at ${page.url()}`);
  }
}

/** Waits until the address bar shows `expected` (path + query); fails naming where the page is. */
export async function expectLocation(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search === expected);
  } catch {
    const url = new URL(page.url());
    throw new Error(`the page is at ${url.pathname + url.search}, expected ${expected}`);
  }
}

/** The text of the page's first level-1 heading, once it is visible. */
export async function headingText(page: Page): Promise<string> {
  const heading = page.locator('h1').first();
  await heading.waitFor({ state: 'visible' });
  return (await heading.textContent())?.trim() ?? '';
}

/**
 * Marks the current document so a spec can tell an in-app navigation (the mark survives) from
 * a full page load (a new document without it).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eDocument = 'marked';
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.e2eDocument === 'marked');
}
