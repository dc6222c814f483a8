import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { contrastRatio } from '../frontend/src/lib/colors';

/** The axe-core build injected into pages (the library's own file, read once). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the spec asks of a page: WCAG 2 A and AA rules, no serious or critical finding. */
const AXE_TAGS = ['wcag2a', 'wcag2aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeNode {
  target: string[];
  failureSummary?: string;
  /** For colour-contrast: the measured figures. */
  contrast?: { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string; fontSize: string };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Waits until the page is settled (fonts loaded, no spinner or busy region, no finite
 * animation still running), then runs axe-core in it and answers the serious and critical
 * violations of the WCAG 2 A/AA rules.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.waitForFunction(() => {
    if (document.fonts.status !== 'loaded') return false;
    if (document.querySelector('.ui-spinner, [aria-busy="true"], [class*="skeleton"]')) return false;
    // Entrances fading in would be measured half-transparent; endless ones (the marquee) never end.
    return document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity;
    });
  });
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') refuses a script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id as string,
      impact: violation.impact as string | null,
      help: violation.help as string,
      nodes: (violation.nodes as any[]).map((node) => ({
        target: node.target as string[],
        failureSummary: node.failureSummary as string | undefined,
        contrast: node.any?.find((check: { id: string }) => check.id === 'color-contrast')?.data ?? undefined,
      })),
    }));
  }, AXE_TAGS);
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** One line per failing element: rule, selector and, for contrast, the colours and ratios. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const figures = node.contrast
          ? ` ${node.contrast.fgColor} on ${node.contrast.bgColor} = ${node.contrast.contrastRatio}:1 (needs ${node.contrast.expectedContrastRatio}, ${node.contrast.fontSize})`
          : ` ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`;
        return `  [${violation.impact}] ${violation.id} ${node.target.join(' ')}${figures}`;
      }),
    )
    .join('\n');
}

/** `rgb(…)`/`rgba(…)` colours in a computed style, as `#rrggbb` and their alpha. */
function cssColors(css: string): { hex: string; alpha: number }[] {
  return [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => {
    const [r, g, b, alpha = 1] = match[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { hex: `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`, alpha };
  });
}

/**
 * Text on an opaque gradient fill (a button), which axe-core leaves "incomplete": the text's
 * contrast with every colour stop, WCAG AA (4.5:1, or 3:1 for large text). One line per failure.
 * Gradients with translucent stops (decorative glows over the page) are left out.
 */
export async function gradientContrastFailures(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''))
      .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .flatMap((element) => {
        // The nearest painted background: a gradient, or a colour (then axe has judged it).
        let node: HTMLElement | null = element;
        while (node && !getComputedStyle(node).backgroundImage.includes('gradient') && /^rgba\(.*, 0\)$|^transparent$/.test(getComputedStyle(node).backgroundColor)) {
          node = node.parentElement;
        }
        const fill = node ? getComputedStyle(node).backgroundImage : '';
        if (!fill.includes('gradient')) return [];
        const style = getComputedStyle(element);
        return [{ where: [element.tagName.toLowerCase(), ...element.classList].join('.'), text: element.textContent!.trim().slice(0, 40), color: style.color, fill, fontSize: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight) }];
      }),
  );
  return texts.flatMap(({ where, text, color, fill, fontSize, fontWeight }) => {
    const [ink] = cssColors(color);
    const stops = cssColors(fill);
    if (!ink || ink.alpha < 1 || stops.length === 0 || stops.some((stop) => stop.alpha < 1)) return [];
    const needed = fontSize >= 24 || (fontSize >= 18.66 && fontWeight >= 700) ? 3 : 4.5;
    const worst = Math.min(...stops.map((stop) => contrastRatio(ink.hex, stop.hex)));
    return worst < needed ? [`  gradient-contrast ${where} "${text}" ${color} on ${fill} = ${worst.toFixed(2)}:1 (needs ${needed}:1)`] : [];
  });
}
