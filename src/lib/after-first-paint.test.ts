/** The demo's mocked service starts once the first screen is on the glass, and never waits for ever. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Runs the animation-frame callbacks queued so far, as a browser does just before it paints. */
  const paintFrame = () => {
    for (const callback of frames.splice(0)) callback(0);
  };
  const track = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };
  const settle = async (ms = 0) => {
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('waits for content in the root, then for the frame that paints it, then resolves in the task after it', async () => {
    const root = document.createElement('div');
    const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
    paintFrame();
    await settle(100);
    expect(state.done).toBe(false);
    root.append(document.createElement('header'));
    await settle();
    expect(frames).toHaveLength(1);
    expect(state.done).toBe(false);
    paintFrame();
    expect(state.done).toBe(false);
    await settle();
    expect(state.done).toBe(true);
  });

  it('waits only for the next frame when the root already has content', async () => {
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
    await settle();
    expect(state.done).toBe(false);
    paintFrame();
    await settle();
    expect(state.done).toBe(true);
  });

  it.each([
    [2999, false],
    [3000, true],
  ])('without a painted frame (a background tab), after %d ms it has resolved: %s', async (ms, done) => {
    const root = document.createElement('div');
    const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
    root.append(document.createElement('main'));
    await settle(ms);
    expect(state.done).toBe(done);
  });

  it.each([
    ['hidden', true],
    ['visible', false],
  ] as const)('in a tab that opens %s, it has resolved before any frame: %s', async (visibility, done) => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
    await settle();
    expect(state.done).toBe(done);
  });

  describe('where the browser reports paints', () => {
    /** A PerformanceObserver that knows `paint` and reports what the test says, as the browser does once on screen. */
    function paintReports() {
      const observers: { callback: PerformanceObserverCallback; self: PerformanceObserver }[] = [];
      class FakeObserver {
        static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
        constructor(private readonly callback: PerformanceObserverCallback) {}
        observe() {
          observers.push({ callback: this.callback, self: this as unknown as PerformanceObserver });
        }
        disconnect() {
          const index = observers.findIndex((o) => o.self === (this as unknown as PerformanceObserver));
          if (index >= 0) observers.splice(index, 1);
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
      return {
        observers,
        report(name: string) {
          const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
          for (const { callback, self } of [...observers]) callback(list, self);
        },
      };
    }

    it('after the painted frame, waits for the report of the first contentful paint', async () => {
      const paints = paintReports();
      const root = document.createElement('div');
      root.append(document.createElement('main'));
      const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
      paintFrame();
      await settle();
      expect(paints.observers).toHaveLength(1);
      expect(state.done).toBe(false);
      paints.report('first-paint');
      await settle();
      expect(state.done).toBe(false);
      paints.report('first-contentful-paint');
      await settle();
      expect(state.done).toBe(true);
      expect(paints.observers).toHaveLength(0);
    });

    it.each([
      [2999, false],
      [3000, true],
    ])('without the report, after %d ms it has resolved: %s', async (ms, done) => {
      paintReports();
      const root = document.createElement('div');
      root.append(document.createElement('main'));
      const state = track(afterFirstPaint(root, { atMostMs: 3000 }));
      paintFrame();
      await settle(ms);
      expect(state.done).toBe(done);
    });
  });
});
