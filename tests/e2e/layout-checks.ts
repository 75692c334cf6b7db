import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Checks that a page lays out as a person reads it: nothing sideways, nothing cut. */

/** The page does not scroll sideways. */
export async function expectNoSideScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect
    .soft(
      scrollWidth,
      `${where}: the page scrolls sideways (${scrollWidth} px wide in ${clientWidth} px)`,
    )
    .toBeLessThanOrEqual(clientWidth);
}

/**
 * Nothing of the element is cut: its content fits it, and it lies inside the
 * viewport's width and inside every ancestor that clips or scrolls.
 */
export async function expectWhole(locator: Locator, what: string) {
  const problem = await locator.evaluate((element) => {
    // Only the page scrolls, and only up and down, as a person reading it does: nothing sideways.
    const { top } = element.getBoundingClientRect();
    window.scrollBy(0, top - window.innerHeight / 2);
    if (element.scrollWidth > element.clientWidth + 1) {
      return `its content is wider than it (${element.scrollWidth} > ${element.clientWidth} px)`;
    }
    const box = element.getBoundingClientRect();
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) {
      return `it spans ${Math.round(box.left)}–${Math.round(box.right)} px, outside the viewport`;
    }
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX === 'visible') continue;
      const clip = node.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
        return `it spans ${Math.round(box.left)}–${Math.round(box.right)} px, cut by <${node.tagName.toLowerCase()} class="${String(node.className)}"> at ${Math.round(clip.left)}–${Math.round(clip.right)} px`;
      }
    }
    return null;
  });
  expect.soft(problem, `${what}: ${problem}`).toBeNull();
}

/** A native select shows its chosen option's whole label (nothing like 'Pendiente de T'). */
export async function expectSelectLabelFits(select: Locator, what: string) {
  const room = await select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const label = context.measureText(field.selectedOptions[0]?.text ?? '').width;
    // Beside its padding, the arrow takes about 20 px.
    const inner =
      field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return inner - label;
  });
  expect.soft(room, `${what}: the chosen status is cut`).toBeGreaterThanOrEqual(0);
}

/** A dashboard's money figures (income, revenue, profit): paragraphs that are one amount. */
export function moneyFigures(page: Page): Locator {
  return page.locator('p').filter({ hasText: /^\$\s[\d.]+,\d{2}$/ });
}

/** Where the element's text breaks into lines: the index of the first character of each new line. */
export function lineBreaks(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const tops: { index: number; top: number }[] = [];
    let index = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1, index += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) tops.push({ index, top: rect.top });
      }
    }
    return tops.flatMap((char, i) =>
      i > 0 && char.top > tops[i - 1]!.top + 2 ? [char.index] : [],
    );
  });
}
