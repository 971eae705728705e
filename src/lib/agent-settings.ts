/**
 * An agent's workspace settings: single-key shortcuts on or off (WCAG 2.1.4) and the row density of lists. Kept per
 * agent in this browser; every screen that shows them follows a change at once.
 */
import { useCallback } from 'react';
import { createStore, useStore } from './external-store';
import { useSession } from './session';
import { readJson, userKey, writeJson } from './storage';

export type Density = 'compact' | 'comfortable';
export type AgentSettings = { shortcuts: boolean; density: Density };

export const defaultSettings: AgentSettings = { shortcuts: true, density: 'compact' };

const name = 'workspace-settings';
/** Each agent's settings as read or written on this page; a write replaces the map, a first read only adds to it. */
const cache = createStore(new Map<string, AgentSettings>());

/** What is stored, field by field: a value that is not one of ours falls back to its default. */
export function readSettings(userId: string): AgentSettings {
  let settings = cache.get().get(userId);
  if (!settings) {
    const stored = readJson(userKey(userId, name));
    const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
    settings = {
      shortcuts: typeof raw.shortcuts === 'boolean' ? raw.shortcuts : defaultSettings.shortcuts,
      density: raw.density === 'comfortable' ? 'comfortable' : defaultSettings.density,
    };
    // Not a change anyone could have seen before: no one is told.
    cache.get().set(userId, settings);
  }
  return settings;
}

/** Changes some settings; they last for this page even when storage is blocked. */
export function writeSettings(userId: string, patch: Partial<AgentSettings>): void {
  const next = { ...readSettings(userId), ...patch };
  cache.set(new Map(cache.get()).set(userId, next));
  writeJson(userKey(userId, name), next);
}

/** Tests start each case from what storage holds. */
export function forgetSettings(): void {
  cache.set(new Map());
}

/** The signed-in agent's settings and a function to change them. */
export function useAgentSettings(): [AgentSettings, (patch: Partial<AgentSettings>) => void] {
  const { userId } = useSession();
  const settings = useStore({ get: () => readSettings(userId), subscribe: cache.subscribe });
  const change = useCallback((patch: Partial<AgentSettings>) => writeSettings(userId, patch), [userId]);
  return [settings, change];
}
