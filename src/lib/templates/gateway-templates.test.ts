// @vitest-environment node
/** The gateway's templates as the app calls them: the routes and bodies it sends, and each refusal in its own kind. */
import { describe, expect, it } from 'vitest';
import { gatewayTemplates } from './gateway-templates';

const at = '2026-11-28T10:00:00.000Z';
const template = { id: 'b1e2', name: 'Fibre outage', formVersion: 1, answers: { description: 'x' }, author: { subject: 'agent.one', name: 'Jana Schmidt' }, createdAt: at, updatedAt: at };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function recording(answer: (request: Request) => Response) {
  const seen: { method: string; url: string; body: string; credentials: RequestCredentials | undefined }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ method: init?.method ?? 'GET', url: String(input), body: String(init?.body ?? ''), credentials: init?.credentials });
    return answer(new Request(new URL(String(input), 'http://desk.test'), init));
  }) as typeof fetch;
  return { store: gatewayTemplates(fetcher), seen };
}

describe('templates through the gateway', () => {
  it('lists (a template it cannot read left out, the rest by name), saves, renames and deletes on the gateway’s routes', async () => {
    const { store, seen } = recording((request) =>
      request.method === 'GET'
        ? json({ templates: [{ ...template, id: 'z', name: 'Node down' }, { broken: true }, template] })
        : request.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : json(template, request.method === 'POST' ? 201 : 200),
    );
    expect((await store.list()).map((t) => t.name)).toEqual(['Fibre outage', 'Node down']);
    expect(await store.save({ name: 'Fibre outage', formVersion: 1, answers: { description: 'x' } })).toEqual(template);
    await store.rename('b1e2', 'New name');
    await store.remove('b/1');
    expect(seen).toEqual([
      { method: 'GET', url: '/gateway/templates', body: '', credentials: 'same-origin' },
      { method: 'POST', url: '/gateway/templates', body: JSON.stringify({ name: 'Fibre outage', formVersion: 1, answers: { description: 'x' } }), credentials: 'same-origin' },
      { method: 'PATCH', url: '/gateway/templates/b1e2', body: JSON.stringify({ name: 'New name' }), credentials: 'same-origin' },
      { method: 'DELETE', url: '/gateway/templates/b%2F1', body: '', credentials: 'same-origin' },
    ]);
  });

  it.each([
    [401, 'sessionEnded', 'signedOut'],
    [403, 'forbidden', 'forbidden'],
    [404, 'notFound', 'notFound'],
    [409, 'templateNameTaken', 'nameTaken'],
    [409, 'tooManyTemplates', 'tooMany'],
    [413, 'bodyTooLarge', 'tooLarge'],
    [400, 'invalidBody', 'invalid'],
    [503, 'notReady', 'unavailable'],
  ])('%i %s: %s', async (status, code, kind) => {
    const { store } = recording(() => json({ code, status: String(status) }, status));
    await expect(store.save({ name: 'x', formVersion: 1, answers: {} })).rejects.toMatchObject({ kind });
  });

  it('a network failure is "unavailable"', async () => {
    const store = gatewayTemplates((() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    await expect(store.list()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
