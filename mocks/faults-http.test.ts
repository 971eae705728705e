// Fault injection over real HTTP (npm run mock-api): a dropped socket, a 503 with Retry-After, and the test-only log.
// Its own file: the msw/node interception of faults.test.ts would answer these requests in-process instead.
import { describe, expect, it } from 'vitest';
import type { FaultConfig } from './faults';
import { FAULTS_PATH, startHttpServer } from './server/http';
import { createTestClient } from '../src/testing/service-client';

describe('the HTTP server (npm run mock-api)', () => {
  it('drops the connection, answers 503 with Retry-After, and lists and clears its faults at /__mock/faults', async () => {
    const running = await startHttpServer({ port: 0, faults: { rate: 1, kinds: ['drop'], seed: 3 }, testHooks: true });
    const asTest = { headers: { Authorization: 'Bearer test' } };
    try {
      const remote = createTestClient(`${running.url}${running.store.baseUrl}`);
      await expect(remote('/troubleTicket?limit=1')).rejects.toThrow(TypeError);
      running.faults.set({ kinds: ['503'] });
      const refused = await remote('/troubleTicket?limit=1');
      expect([refused.status, refused.headers.get('Retry-After')]).toEqual([503, '1']);
      const listed = (await (await fetch(`${running.url}${FAULTS_PATH}`, asTest)).json()) as { config: FaultConfig; log: { kind: string }[] };
      expect(listed.config).toMatchObject({ rate: 1, kinds: ['503'], seed: 3 });
      expect(listed.log.map((r) => r.kind)).toEqual(['drop', '503']);
      await fetch(`${running.url}${FAULTS_PATH}`, { method: 'DELETE', ...asTest });
      expect(running.faults.log()).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
