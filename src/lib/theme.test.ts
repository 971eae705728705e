/** The theme: the agent's choice wins, "as the system" follows the OS (also when it changes), and it is remembered. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

/** A stand-in for the OS setting, before the module reads it. */
function fakeSystem(dark: boolean) {
  const listeners: Listener[] = [];
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: Listener) => listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const shown = () => document.documentElement.dataset.theme;

beforeEach(() => {
  window.localStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows the system by default, from the start and when the system changes', async () => {
    const system = fakeSystem(true);
    const theme = await import('./theme');
    expect(theme.themeChoice()).toBe('system');
    expect(shown()).toBe('dark');
    system.set(false);
    expect(shown()).toBe('light');
  });

  it('a chosen theme wins over the system and is remembered for the next visit', async () => {
    const system = fakeSystem(false);
    const theme = await import('./theme');
    theme.setThemeChoice('dark');
    expect(shown()).toBe('dark');
    system.set(false);
    expect(shown()).toBe('dark');
    vi.resetModules();
    fakeSystem(false);
    const again = await import('./theme');
    expect(again.themeChoice()).toBe('dark');
    expect(shown()).toBe('dark');
  });

  it('a stored value that is no theme counts as "as the system"', async () => {
    window.localStorage.setItem('trouble-ticket-desk.theme', 'purple');
    fakeSystem(false);
    const theme = await import('./theme');
    expect(theme.themeChoice()).toBe('system');
    expect(shown()).toBe('light');
  });
});
