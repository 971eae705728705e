/** Workspace settings: defaults, kept per agent, and what storage holds read field by field. */
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, forgetSettings, readSettings, writeSettings } from './agent-settings';
import { userKey, writeJson } from './storage';

beforeEach(() => {
  window.localStorage.clear();
  forgetSettings();
});

describe('agent settings', () => {
  it('start with single-key shortcuts on and compact rows', () => {
    expect(readSettings('a')).toEqual({ shortcuts: true, density: 'compact' });
    expect(defaultSettings).toEqual({ shortcuts: true, density: 'compact' });
  });

  it('are remembered per agent, across page loads', () => {
    writeSettings('a', { shortcuts: false });
    writeSettings('a', { density: 'comfortable' });
    forgetSettings();
    expect(readSettings('a')).toEqual({ shortcuts: false, density: 'comfortable' });
    expect(readSettings('b')).toEqual(defaultSettings);
  });

  it('fall back to the default for each value that is not one of theirs', () => {
    writeJson(userKey('a', 'workspace-settings'), { shortcuts: 'no', density: 'tiny' });
    expect(readSettings('a')).toEqual(defaultSettings);
    forgetSettings();
    writeJson(userKey('a', 'workspace-settings'), { shortcuts: false });
    expect(readSettings('a')).toEqual({ shortcuts: false, density: 'compact' });
  });
});
