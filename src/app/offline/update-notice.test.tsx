// "A new version is ready — Reload": shown when a new shell is waiting, and the page reloads only when the agent
// presses Reload in this tab (never under the agent's work, never because another tab took the new version).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranslatorProvider } from '../../lib/i18n/react';
import { changeLanguage, i18n } from '../../lib/i18n';

type Listener = (event: { isUpdate?: boolean }) => void;

/** The one Workbox the module creates: the test fires its events and sees what the page asked of it. */
const fake = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  skipWaiting: 0,
  registered: [] as string[],
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      fake.registered.push(url);
    }
    addEventListener(type: string, listener: Listener) {
      fake.listeners.set(type, [...(fake.listeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve(undefined);
    }
    messageSkipWaiting() {
      fake.skipWaiting += 1;
    }
  },
}));

function fire(type: string, event: { isUpdate?: boolean } = {}) {
  act(() => {
    for (const listener of fake.listeners.get(type) ?? []) listener(event);
  });
}

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterAll(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

let reload: ReturnType<typeof vi.fn<() => void>>;

/** A fresh module per test: the registration and its state live in the module. */
async function setUp() {
  vi.resetModules();
  fake.listeners.clear();
  fake.skipWaiting = 0;
  fake.registered.length = 0;
  reload = vi.fn<() => void>();
  const worker = await import('../../lib/service-worker');
  worker.registerServiceWorker('/sw.js', reload);
  const { UpdateNotice } = await import('./update-notice');
  render(
    <TranslatorProvider translator={i18n}>
      <UpdateNotice />
    </TranslatorProvider>,
  );
  return worker;
}

describe('the new-version notice', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('says nothing until a new version waits; then says it politely with a Reload button', async () => {
    await setUp();
    expect(fake.registered).toEqual(['/sw.js']);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    fire('waiting');
    expect(region).toHaveTextContent('A new version is ready. Reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('Reload lets the waiting version take over, and the page reloads once it controls the page', async () => {
    await setUp();
    fire('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(fake.skipWaiting).toBe(1);
    // Not yet: the old version still serves this page until the new one has taken over.
    expect(reload).not.toHaveBeenCalled();
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a new version taken up in another tab does not reload this one: it says so and waits for Reload', async () => {
    await setUp();
    fire('waiting');
    fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('A new version was started in another tab. Reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // The new version already controls the page: Reload only reloads.
    expect(fake.skipWaiting).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install (not an update) changes nothing on screen', async () => {
    await setUp();
    fire('controlling', { isUpdate: false });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(reload).not.toHaveBeenCalled();
  });

  it('speaks German', async () => {
    await changeLanguage('de');
    await setUp();
    fire('waiting');
    expect(screen.getByRole('status')).toHaveTextContent('Eine neue Version ist bereit. Neu laden');
  });
});
