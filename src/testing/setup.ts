/**
 * Vitest setup: DOM matchers and a clean DOM after each test. A test file that runs in Node (`// @vitest-environment
 * node`: no DOM needed) skips both: importing Testing Library (React DOM with it) cost such a file more than its tests.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
