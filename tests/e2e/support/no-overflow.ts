import type { Locator } from '@playwright/test';

/**
 * What runs out of `scope`: every visible element whose box passes the scope's left or right edge,
 * every element wider inside than its own box (scrollWidth > clientWidth), and the page itself
 * when it scrolls sideways. An empty list means nothing overflows, whatever the text holds.
 */
export function overflowsOf(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').slice(0, 3).join('.')}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`;
    const edge = root.getBoundingClientRect();
    const bad: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > edge.right + 1 || r.left < edge.left - 1) {
        bad.push(
          `${name(el)} spans ${r.left.toFixed(0)}..${r.right.toFixed(0)}, box ${edge.left.toFixed(0)}..${edge.right.toFixed(0)}`,
        );
      }
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        bad.push(`${name(el)} is ${el.scrollWidth} px wide inside ${el.clientWidth} px`);
      }
    }
    const page = document.documentElement;
    if (page.scrollWidth > window.innerWidth)
      bad.push(`page scrolls sideways: ${page.scrollWidth} > ${window.innerWidth}`);
    return bad;
  });
}
