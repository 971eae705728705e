// The lint rules against HTML and code from strings, the import zones (servers, layers, test support, e2e/scripts)
// and cycles (eslint.config.js): each fires on a small sample, clean code passes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The first lint of a run reads the import graph from disk (about 10 s on two idle cores): room for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
  // The first lint loads the plugins and parsers (many seconds on a busy machine): here, not in the first test.
  await eslint.lintText('export const warm = 1;\n', { filePath: `${root}src/lib/lint-probe.ts` });
}, 120_000);

/** "rule: message" of every problem ESLint finds in `code`, linted as if it were a file of the app. */
async function problems(code: string, file = 'src/lib/lint-probe.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/**
 * The same for code with imports: import/no-cycle reads the importing file from disk too, so the probe is written
 * there (a name of its own per run) for the time of the lint, then removed.
 */
async function importProblems(code: string, folder: string, ending = '.ts'): Promise<string[]> {
  const file = `${root}${folder}/lint-probe-${process.pid}${ending}`;
  writeFileSync(file, code);
  try {
    const [result] = await eslint.lintFiles([file]);
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  } finally {
    rmSync(file, { force: true });
  }
}

const sinks: [string, string, RegExp][] = [
  ['dangerouslySetInnerHTML', 'export const A = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />;', /No dangerouslySetInnerHTML/],
  ['innerHTML assignment', 'export function f(e: HTMLElement, s: string) { e.innerHTML = s; }', /No innerHTML/],
  ['outerHTML assignment', 'export function f(e: HTMLElement, s: string) { e.outerHTML = s; }', /No outerHTML/],
  ['insertAdjacentHTML', "export function f(e: HTMLElement, s: string) { e.insertAdjacentHTML('beforeend', s); }", /No insertAdjacentHTML/],
  ['document.write', 'export function f(s: string) { document.write(s); }', /No document\.write/],
  ['document.writeln', 'export function f(s: string) { document.writeln(s); }', /No document\.write/],
  ['createContextualFragment', 'export function f(s: string) { return document.createRange().createContextualFragment(s); }', /No createContextualFragment/],
  ['srcDoc in JSX', 'export const A = (p: { h: string }) => <iframe title="x" srcDoc={p.h} />;', /No srcdoc/],
  ['srcdoc property', 'export function f(e: HTMLIFrameElement, s: string) { e.srcdoc = s; }', /No srcdoc/],
  ['srcdoc attribute', "export function f(e: Element, s: string) { e.setAttribute('srcdoc', s); }", /No srcdoc/],
  ['eval', 'export function f(s: string) { return eval(s); }', /no-eval|No eval/],
  ['window.eval', 'export function f(s: string) { return window.eval(s); }', /no-eval/],
  ['new Function', "export function f(s: string) { return new Function('a', s); }", /no-new-func/],
  ['Function called without new', 'export function f(s: string) { return Function(s); }', /no-new-func/],
  ['setTimeout with a string', "export function f() { setTimeout('go()', 10); }", /no-implied-eval/],
  ['setInterval with a string', "export function f() { setInterval('go()', 10); }", /no-implied-eval/],
  ['window.setTimeout with a template string', 'export function f(n: number) { window.setTimeout(`go(${n})`, 10); }', /no-implied-eval/],
];

describe('each rule against HTML and code from strings fires', () => {
  it.each(sinks)('%s', async (_name, code, expected) => {
    const found = await problems(code);
    expect(found.some((problem) => expected.test(problem)), found.join('\n')).toBe(true);
  });
});

describe('clean code passes', () => {
  const clean: [string, string][] = [
    ['text through React', 'export const A = (p: { t: string }) => <p title={p.t}>{p.t}</p>;'],
    ['textContent', 'export function f(e: HTMLElement, s: string) { e.textContent = s; }'],
    ['timers with functions', 'export function f(g: () => void) { setTimeout(g, 10); const i = setInterval(() => g(), 10); clearInterval(i); }'],
    ['reading an attribute named like a sink', "export function f(e: Element) { return e.getAttribute('data-srcdoc-note'); }"],
    ['an iframe with a src', 'export const A = () => <iframe title="help" src="/help.html" />;'],
  ];
  it.each(clean)('%s', async (_name, code) => {
    expect(await problems(code)).toEqual([]);
  });
});

/**
 * A probe per row (name, folder, code, and the file name's ending, `.ts` unless given): each import of `refused`
 * breaks a zone of eslint.config.js, none of `passing`.
 */
type ZoneCase = [name: string, folder: string, code: string, ending?: string];
function zoneCases(refused: ZoneCase[], passing: ZoneCase[]): void {
  it.each(refused)('%s is refused', async (_name, folder, code, ending) => {
    const found = await importProblems(code, folder, ending);
    expect(found.some((problem) => problem.startsWith('import/no-restricted-paths:')), found.join('\n')).toBe(true);
  });
  it.each(passing)('%s passes', async (_name, folder, code, ending) => {
    expect(await importProblems(code, folder, ending)).toEqual([]);
  });
}

describe('server code imports neither mocks/ nor the UI', () => {
  zoneCases(
    [
      ['the receiver importing the mocked service', 'server/listener', "import { createHandlers } from '../../mocks/handlers';\nexport const h = createHandlers;"],
      ['the receiver importing the app\'s catalogue', 'server/listener', "import { en } from '../../src/lib/i18n/en';\nexport const w = en;"],
      ['the receiver importing a feature', 'server/listener', "import { createEventStream } from '../../src/features/notifications/api/event-stream';\nexport const s = createEventStream;"],
      ['server/ importing the mocked service', 'server', "import { validationError } from '../mocks/errors';\nexport const v = validationError;"],
      ['server/ importing the receiver', 'server', "import { createListenerApp } from './listener/app';\nexport const a = createListenerApp;"],
      ['the mocked service importing the receiver', 'mocks', "import { createListenerApp } from '../server/listener/app';\nexport const a = createListenerApp;"],
      ['the gateway importing the mocked service', 'server/gateway', "import { createHandlers } from '../../mocks/handlers';\nexport const h = createHandlers;"],
      ['the gateway importing the app\'s catalogue', 'server/gateway', "import { en } from '../../src/lib/i18n/en';\nexport const w = en;"],
      ['the receiver importing the gateway', 'server/listener', "import { createGatewayApp } from '../gateway/app';\nexport const g = createGatewayApp;"],
      ['the app importing the gateway', 'src/lib', "import { safeReturnTo } from '../../server/gateway/sign-in-pages';\nexport const s = safeReturnTo;"],
    ],
    [
      ['the receiver importing the domain and server/', 'server/listener', "import { listeners } from '../../src/domain/event';\nimport { errorResponse } from '../errors';\nexport const x = [listeners, errorResponse];"],
      ['the mocked service importing server/', 'mocks', "import { createAuthorizer } from '../server/auth';\nexport const a = createAuthorizer;"],
      ['the gateway importing the receiver, the domain and server/', 'server/gateway', "import { createListenerApp } from '../listener/app';\nimport { listeners } from '../../src/domain/event';\nimport { errorResponse } from '../errors';\nexport const x = [createListenerApp, listeners, errorResponse];"],
    ],
  );
});

describe("the app's layers: domain ← lib ← api ← components ← features ← app", () => {
  zoneCases(
    [
      ['lib importing the API client', 'src/lib', "import { createApiClient } from '../api/client';\nexport const c = createApiClient;"],
      ['lib importing a shared component', 'src/lib', "import { Loading } from '../components/loading';\nexport const l = Loading;"],
      ['lib importing a feature', 'src/lib', "import { TicketList } from '../features/tickets/components/ticket-list';\nexport const t = TicketList;"],
      ['the API client importing the UI', 'src/api', "import { Loading } from '../components/loading';\nexport const l = Loading;"],
      ['the domain importing lib', 'src/domain', "import { formatNumber } from '../lib/format';\nexport const f = formatNumber;"],
      ['a feature importing another feature', 'src/features/tickets', "import { OutboxLink } from '../outbox/components/outbox-link';\nexport const o = OutboxLink;"],
    ],
    [
      ['the API client importing lib', 'src/api', "import { i18n } from '../lib/i18n';\nexport const x = i18n;"],
      ['lib importing the domain', 'src/lib', "import { TicketType } from '../domain/ticket';\nexport const s = TicketType;"],
    ],
  );
});

describe('test support (src/testing, server/testing) is imported by tests only', () => {
  const renderApp = "import { renderApp } from '../../testing/render-app';\nexport const r = renderApp;";
  const clientOfTests = "import { createTestClient } from '../src/testing/service-client';\nexport const c = createTestClient;";
  const serverSupport = "import { freePort } from '../testing/processes';\nexport const f = freePort;";
  zoneCases(
    [
      ['a route importing the render helper', 'src/app/routes', renderApp],
      ['a feature importing the fixtures', 'src/features/tickets', "import { minimalFault } from '../../testing/fixtures';\nexport const m = minimalFault;"],
      ['lib importing a fake', 'src/lib', "import { fakeEventSource } from '../testing/fake-event-source';\nexport const f = fakeEventSource;"],
      ['the mocked service importing the test client', 'mocks', clientOfTests],
      ['the receiver importing the test client', 'server/listener', clientOfTests.replace('../src/', '../../src/')],
      ['the gateway importing the server test support', 'server/gateway', serverSupport],
      ['the shared server code importing the server test support', 'server', serverSupport.replace('../testing/', './testing/')],
    ],
    [
      ['a route test importing the render helper', 'src/app/routes', renderApp, '.test.tsx'],
      ["a test of the mocked service importing the test client", 'mocks', clientOfTests, '.test.ts'],
      ['test support importing the app', 'src/testing', "import { createApiClient } from '../api/client';\nexport const c = createApiClient;"],
      ['a gateway test importing the server test support', 'server/gateway', serverSupport, '.test.ts'],
      ['server test support importing the receiver', 'server/testing', "import { createListenerApp } from '../listener/app';\nexport const c = createListenerApp;"],
    ],
  );
});

describe('e2e/ and scripts/ meet only in tools/', () => {
  const chromium = (up: string) => `import { findChromium } from '${up}tools/chromium-path.mjs';\nexport const f = findChromium;`;
  const fixtures = (up: string) => `import { expect } from '${up}e2e/support/fixtures';\nexport const e = expect;`;
  const csp = (up: string) => `import { contentSecurityPolicy } from '${up}scripts/csp';\nexport const c = contentSecurityPolicy;`;
  zoneCases(
    [
      ['a spec importing a script', 'e2e', csp('../')],
      ['an e2e helper importing a script', 'e2e/support', csp('../../')],
      ['a script importing an e2e helper', 'scripts', fixtures('../')],
      ['tools/ importing an e2e helper', 'tools', fixtures('../')],
      ['tools/ importing a script', 'tools', csp('../')],
    ],
    [
      ['an e2e helper importing tools/', 'e2e/support', chromium('../../')],
      ['a script importing tools/', 'scripts', chromium('../')],
    ],
  );
});

describe('zod comes through src/domain/zod only (decision 0046)', () => {
  const refusedZod: [string, string, string][] = [
    ['a feature importing zod', 'src/lib/lint-probe.ts', "import { z } from 'zod';\nexport const s = z.string();"],
    ['a schema importing zod', 'src/domain/lint-probe.ts', "import { z } from 'zod';\nexport const s = z.string();"],
    ['a subpath of zod', 'src/lib/lint-probe.ts', "import { string } from 'zod/v4';\nexport const s = string();"],
    ['a type from zod', 'src/lib/lint-probe.ts', "import type { z } from 'zod';\nexport type S = z.ZodType;"],
    ['zod loaded later', 'src/lib/lint-probe.ts', "export const load = () => import('zod');"],
    ['a script importing zod', 'scripts/lint-probe.ts', "import { z } from 'zod';\nexport const s = z.string();"],
  ];
  it.each(refusedZod)('%s is refused', async (_name, file, code) => {
    const found = await problems(code, file);
    expect(found.some((problem) => /domain\/zod/.test(problem)), found.join('\n')).toBe(true);
  });
  it('the app through the list passes', async () => {
    expect(await importProblems("import * as z from '../domain/zod';\nexport const s = z.string();", 'src/lib')).toEqual([]);
  });
  it('the list itself passes', async () => {
    expect(await problems("export { string } from 'zod';", 'src/domain/zod.ts')).toEqual([]);
  });
});

describe('import cycles', () => {
  // import/no-cycle follows imports on disk, so the probe is two real files that import each other.
  const dir = `lint-cycle-probe-${process.pid}`;
  beforeAll(() => {
    mkdirSync(`${root}${dir}`, { recursive: true });
    writeFileSync(`${root}${dir}/a.ts`, "import { b } from './b';\nexport const a = () => b();\n");
    writeFileSync(`${root}${dir}/b.ts`, "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(`${root}${dir}/c.ts`, "export const c = 1;\n");
  });
  afterAll(() => rmSync(`${root}${dir}`, { recursive: true, force: true }));

  it('are refused', async () => {
    const [result] = await eslint.lintFiles([`${root}${dir}/a.ts`]);
    const found = result.messages.map((message) => `${message.ruleId}: ${message.message}`);
    expect(found.some((problem) => problem.startsWith('import/no-cycle:')), found.join('\n')).toBe(true);
  });

  it('a one-way import passes', async () => {
    expect(await importProblems("import { c } from './c';\nexport const d = c;\n", dir)).toEqual([]);
  });
});
