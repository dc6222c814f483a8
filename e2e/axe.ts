import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

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

/**
 * Text on an opaque gradient fill (a button), which axe-core leaves "incomplete": the text's
 * contrast with every colour stop, WCAG AA (4.5:1, or 3:1 for large text). One line per failure.
 * Gradients with translucent stops (decorative glows over the page) are left out.
 */
export async function gradientContrastFailures(page: Page): Promise<string[]> {
  // tsx keeps function names by wrapping named functions in `__name(…)`, which pages lack.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(() => {
    const rgb = (css: string) =>
      [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => match[1].split(/[\s,/]+/).filter(Boolean).map(Number));
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const ratio = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    const failures: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!ownText || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const [ink] = rgb(style.color);
      let fill: string | undefined;
      for (let node: HTMLElement | null = element; node; node = node.parentElement) {
        const own = getComputedStyle(node);
        if (own.backgroundImage.includes('gradient')) fill = own.backgroundImage;
        const [color] = rgb(own.backgroundColor);
        if (fill || (color && (color[3] ?? 1) > 0)) break;
      }
      if (!fill || !ink || (ink[3] ?? 1) < 1) continue;
      const stops = rgb(fill);
      if (stops.length === 0 || stops.some((stop) => (stop[3] ?? 1) < 1)) continue;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const worst = Math.min(...stops.map((stop) => ratio(ink, stop)));
      if (worst < needed) {
        const where = element.className ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : element.tagName.toLowerCase();
        failures.push(`  gradient-contrast ${where} "${element.textContent!.trim().slice(0, 40)}" ${style.color} on ${fill} = ${worst.toFixed(2)}:1 (needs ${needed}:1)`);
      }
    }
    return failures;
  });
}
