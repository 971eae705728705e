// Geometry of a list screen as a person sees it (issue 37): whether its table scrolls sideways or cuts a cell, where
// its first row is, and whether a row's text is clipped by its own box. Read from the page's layout, no pixels.
import type { Locator, Page } from '@playwright/test';

export type TableGeometry = {
  /** How far the table's scroll box scrolls sideways (0: it does not). */
  sideways: number;
  /** How far the page itself scrolls sideways. */
  pageSideways: number;
  /** Cells (their text) that reach past the table's box, or whose own text is wider than the cell shows. */
  cut: string[];
};

export async function tableGeometry(page: Page): Promise<TableGeometry> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.data-table__scroll')!;
    const edge = box.getBoundingClientRect();
    const cells = [...box.querySelectorAll<HTMLElement>('tbody th, tbody td, tbody .status-badge')];
    const cut = cells
      .filter((cell) => {
        const rect = cell.getBoundingClientRect();
        return rect.right > edge.right + 0.5 || rect.left < edge.left - 0.5 || cell.scrollWidth > cell.clientWidth + 1;
      })
      .slice(0, 5)
      .map((cell) => cell.textContent ?? '');
    return {
      sideways: box.scrollWidth - box.clientWidth,
      pageSideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      cut,
    };
  });
}

/** The box of the first row's `cells` (its row header and cells), each within the window? */
export async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}
