/**
 * The site header at every width a visitor may have (320–1920 px), in both languages and for
 * every role (issue 10, item 15): no visible header item overlaps another or leaves the viewport.
 * An item is the logo, each navigation link, the language switch, each account button and the
 * burger. Screenshots of the header go to /tmp/shots/header-<role>-<lang>-<width>.png.
 */
import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Lang } from '../common/api';
import { buildUser } from '../backend/accounts/testing';
import { newPage, testServer } from './setup';
import { text } from './texts';

const SHOTS_DIR = '/tmp/shots';
const WIDTHS = [320, 360, 375, 414, 768, 1024, 1025, 1100, 1200, 1280, 1366, 1440, 1920];
const ROLES = ['anonymous', 'user', 'operator', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The header's visible items with their boxes, read in the page. */
function headerItems(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const selectors = ['.site-header__bar .logo', '.site-header__links .nav-link', '.site-header__actions .lang-switch', '.site-header__actions .account-entry > *', '.site-header__bar .burger'];
    const boxes: Box[] = [];
    for (const selector of selectors) {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        if (style.visibility !== 'visible' || rect.width === 0 || rect.height === 0) continue;
        const name = `${selector.split(' ').at(-1)} "${(element.textContent ?? '').trim() || element.getAttribute('aria-label')}"`;
        boxes.push({ name, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
      }
    }
    return boxes;
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

async function signedInPage(role: Role, lang: Lang): Promise<Page> {
  const { page } = await newPage({ lang });
  if (role !== 'anonymous') {
    const { email, password } = await buildUser(testServer().db.sequelize, { role });
    const answer = await page.request.post('/api/user/auth/sign-in', { data: { email, password }, headers: { lang } });
    expect(answer.status(), `sign-in as ${role}`).to.equal(200);
  }
  await page.goto('/');
  const entry = role === 'anonymous' ? 'common.header.signIn' : 'common.header.account';
  // The account entry in the bar or in the (closed) burger menu: either way, rendered.
  await page.getByText(text(lang, entry), { exact: true }).first().waitFor({ state: 'attached' });
  await page.evaluate(() => document.fonts.ready);
  return page;
}

describe('header layout', () => {
  before(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
  });

  for (const lang of ['ru', 'en'] as const) {
    for (const role of ROLES) {
      it(`keeps every header item apart and inside the viewport from 320 to 1920 px (${lang}, ${role})`, async () => {
        const page = await signedInPage(role, lang);
        const problems: string[] = [];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          // Layout (and the header's own fit check) settle within two frames of a resize.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const items = await headerItems(page);
          if (!items.some((item) => item.name.startsWith('.logo'))) problems.push(`${width}: no logo`);
          if (!items.some((item) => item.name.startsWith('.nav-link') || item.name.startsWith('.burger'))) problems.push(`${width}: no navigation`);
          for (const item of items) {
            if (item.left < 0 || item.right > width) problems.push(`${width}: ${item.name} leaves the viewport (${Math.round(item.left)}–${Math.round(item.right)})`);
          }
          for (const [index, a] of items.entries()) {
            for (const b of items.slice(index + 1)) {
              if (overlaps(a, b)) problems.push(`${width}: ${a.name} overlaps ${b.name}`);
            }
          }
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (sideways > 0) problems.push(`${width}: the page scrolls sideways by ${sideways} px`);
          if ([320, 1024, 1280, 1920].includes(width)) {
            await page.locator('.site-header').screenshot({ path: `${SHOTS_DIR}/header-${role}-${lang}-${width}.png` });
          }
        }
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    }
  }
});
