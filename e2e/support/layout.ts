import { expect, type Locator, type Page } from '@playwright/test';

/** The sizes the dashboard is checked at: a laptop and a phone. */
export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** The page never scrolls sideways: whatever it shows wraps or truncates inside the screen. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth), {
      message: 'the page is wider than the screen',
    })
    .toBeLessThanOrEqual(0);
}

/**
 * No word short enough to fit a line is split across two lines ("Frida y"): each word of
 * letters (between spaces, punctuation at its ends aside) up to 160 px wide has all its glyphs
 * on one line. Tokens that are not words (links, ids, the unbroken names of the long-text
 * fixtures) may break where they must.
 */
export async function expectNoBrokenWords(page: Page): Promise<void> {
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 10; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/(?<=^|\s)\p{P}*([\p{L}\p{M}]{2,})\p{P}*(?=\s|$)/gu)) {
        const word = match[1]!;
        const start = match.index + match[0].indexOf(word);
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (rects.length < 2 || rects.reduce((width, rect) => width + rect.width, 0) > 160) continue;
        const tops = rects.map((rect) => rect.top);
        // Half a line of slack: glyphs of one line may sit a pixel or two apart.
        if (Math.max(...tops) - Math.min(...tops) > Math.min(...rects.map((rect) => rect.height)) / 2) {
          found.push(`"${word}" in <${node.parentElement?.tagName.toLowerCase()} class="${node.parentElement?.className}">`);
        }
      }
    }
    return found;
  });
  expect(broken, 'words broken mid-letter across lines').toEqual([]);
}

/**
 * The element is on screen and nothing covers or clips it: the point at its centre belongs to
 * it, without scrolling first (so a button behind an overflow-hidden box fails).
 */
export async function expectReachable(locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const hit = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && (top === element || element.contains(top));
  });
  expect(hit, 'the element is covered or clipped at its centre').toBe(true);
}

/**
 * The focused element's focus ring (outline plus offset) lies inside every ancestor that clips
 * its overflow, so a keyboard user sees all of it.
 */
export async function expectFocusRingUnclipped(page: Page): Promise<void> {
  const clipped = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return 'nothing is focused';
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return 'the focused element has no outline';
    const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = element.getBoundingClientRect();
    const ring = { left: box.left - grow, right: box.right + grow, top: box.top - grow, bottom: box.bottom + grow };
    for (let node = element.parentElement; node; node = node.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(node);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      // Half a pixel of slack for sub-pixel layout.
      if (ring.left < clip.left - 0.5 || ring.right > clip.right + 0.5 || ring.top < clip.top - 0.5 || ring.bottom > clip.bottom + 0.5) {
        return `the ring is clipped by <${node.tagName.toLowerCase()} class="${node.className}">`;
      }
    }
    return null;
  });
  expect(clipped).toBeNull();
}

/** The element's text is neither cut off nor spilling out of it. */
export async function expectTextFits(locator: Locator): Promise<void> {
  const overflow = await locator.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, 'the text is wider than its box').toBeLessThanOrEqual(0);
}
