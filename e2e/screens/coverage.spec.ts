// The inventory covers every route (issue 37): each path of src/app/routes.tsx and each route module of src/app/routes
// has an entry in ./inventory.ts, and the inventory names no route the app does not have.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { inventory, languages, viewports } from './inventory';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/app');

/** The paths of the route table: `screen('tickets', …)`, `screen(undefined, …)` (the index, written ''). */
export function routePaths(source: string): string[] {
  return [...source.matchAll(/\bscreen\(\s*(undefined|'([^']*)')/g)].map((match) => match[2] ?? '');
}

/** The route modules: the files src/app/routes/*-route.tsx (their tests left out). */
export function routeModules(files: readonly string[]): string[] {
  return files.filter((file) => /-route\.tsx$/.test(file)).map((file) => file.replace(/\.tsx$/, ''));
}

test('every route of src/app/routes.tsx has an inventory entry, and every entry a route', () => {
  const paths = routePaths(readFileSync(path.join(app, 'routes.tsx'), 'utf8'));
  expect(paths.length).toBeGreaterThan(5);
  const covered = new Set(inventory.map((screen) => screen.route));
  expect(paths.filter((route) => !covered.has(route)), 'routes without an inventory entry').toEqual([]);
  expect([...covered].filter((route) => !paths.includes(route)), 'inventory entries for routes the app does not have').toEqual([]);
});

test('every route module of src/app/routes has an inventory entry, and every entry a module', () => {
  const modules = routeModules(readdirSync(path.join(app, 'routes')));
  const named = new Set(inventory.map((screen) => screen.module));
  expect(modules.filter((module) => !named.has(module)), 'route modules without an inventory entry').toEqual([]);
  expect([...named].filter((module) => !modules.includes(module)), 'inventory entries naming no route module').toEqual([]);
});

test('the route readers find a new route (so the two tests above can fail)', () => {
  expect(routePaths("screen('reports', lazy), screen(undefined, lazy), screen('reports/:id', lazy)")).toEqual(['reports', '', 'reports/:id']);
  expect(routeModules(['reports-route.tsx', 'reports-route.test.tsx', 'helpers.ts'])).toEqual(['reports-route']);
});

test('the inventory is seen in both languages at desk and phone widths', () => {
  expect(languages).toEqual(['en', 'de']);
  expect(viewports.map((viewport) => `${viewport.width}×${viewport.height}`)).toEqual(['1366×768', '390×844', '320×640']);
});
