/**
 * The colour theme: the system's (default), light or dark, remembered in this browser. Set on `<html data-theme>` when
 * this module loads (before the first paint) and again whenever the choice or the system's setting changes.
 */
import { readPreference, writePreference } from './storage';

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const key = 'theme';
const system = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

export function themeChoice(): ThemeChoice {
  const stored = readPreference(key);
  return (themeChoices as readonly (string | null)[]).includes(stored) ? (stored as ThemeChoice) : 'system';
}

function apply(): void {
  const choice = themeChoice();
  document.documentElement.dataset.theme = choice === 'system' ? (system?.matches ? 'dark' : 'light') : choice;
}

export function setThemeChoice(choice: ThemeChoice): void {
  writePreference(key, choice);
  apply();
}

if (typeof document !== 'undefined') {
  apply();
  system?.addEventListener('change', apply);
}
