import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the header bar's items (logo, links, language switch, account buttons) fit on one line
 * at the current width. Their width depends on the language, the role and the fonts, so it is
 * measured, not guessed by a breakpoint: when they do not fit the header folds them into the
 * burger menu. The items keep their natural width while folded (hidden, not removed), so the
 * measure is the same in both states and the header never flips back and forth.
 */
export function useHeaderFit(barRef: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return undefined;
    const parts = ['.logo', '.site-header__links', '.site-header__actions']
      .map((selector) => bar.querySelector<HTMLElement>(selector))
      .filter((part): part is HTMLElement => part !== null);
    const measure = () => {
      const style = getComputedStyle(bar);
      const available = bar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const gap = parseFloat(style.columnGap) || 0;
      const needed = parts.reduce((sum, part) => sum + part.scrollWidth, 0) + gap * (parts.length - 1);
      setFits(needed <= available);
    };
    const observer = new ResizeObserver(measure);
    // The bar changes with the window; the links and the actions with the language and the role.
    for (const element of [bar, ...parts]) observer.observe(element);
    measure();
    void document.fonts?.ready.then(measure);
    return () => observer.disconnect();
  }, [barRef]);

  return fits;
}
