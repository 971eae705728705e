/**
 * Starts the demo's mocked service in steps with a task between them. A module graph is evaluated in one task, and the
 * whole service at once (the MSW library, the domain's zod schemas, the handlers and the seed) holds a slow phone's
 * main thread in one long piece (decision 0058: total blocking time). Importing the library first evaluates it in a
 * task of its own, zod with the list's schemas in the next; the service's import then finds them evaluated already.
 * (The body schemas wait for the first create: mocks/handlers.ts.)
 */
import { importInSteps, nextTask } from '../src/lib/import-in-steps';

export async function startDemoService() {
  // zod's first schemas (the list handlers' Paging) cost as much as the rest of the service's evaluation: a step of
  // their own. Each step fetches its chunks when it starts, so the service comes one round trip later (decision 0060).
  const { startWorker } = await importInSteps([() => import('msw/browser'), () => import('../src/domain/list')], () =>
    import('./browser'),
  );
  await nextTask();
  return startWorker();
}
