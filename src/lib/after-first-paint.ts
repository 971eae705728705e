/**
 * Waits until the app's first screen has been painted: work that the first paint does not need (its requests, and the
 * demo's mocked service: its code, its data and its worker) then no longer delays that paint or shares its frame
 * (decisions 0058, 0059 and 0060: LCP and total blocking time).
 */

/**
 * Resolves once the browser reports the page's first contentful paint (the frame is on screen, which comes a few
 * milliseconds after the main thread has painted it), or at once where the browser reports no paint timing.
 */
function contentfulPaintReported(): Promise<void> {
  const types = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  if (!types.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once `root` has content and a frame has been painted with it (the task after the next animation frame), or
 * after `atMostMs` at the latest: a tab hidden after it opened paints no frames, and its work must still start. A tab
 * opened in the background has no paint to wait for: it resolves at once.
 */
export function afterFirstPaint(root: Element, { atMostMs }: { atMostMs: number }): Promise<void> {
  return new Promise((resolve) => {
    if (root.ownerDocument.visibilityState === 'hidden') {
      resolve();
      return;
    }
    // The frame that shows the content runs its animation-frame callbacks, then paints; a task queued from there runs
    // after that paint.
    const afterNextFrame = () =>
      requestAnimationFrame(() => setTimeout(() => void contentfulPaintReported().then(finish), 0));
    const observer = new MutationObserver(() => {
      observer.disconnect();
      afterNextFrame();
    });
    const timer = setTimeout(finish, atMostMs);
    function finish() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    if (root.firstChild) afterNextFrame();
    else observer.observe(root, { childList: true });
  });
}
