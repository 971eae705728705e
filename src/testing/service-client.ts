/** A small fetch client for tests of the mocked service: bearer token and JSON by default, overridable per call. */

export const TEST_TOKEN = 'test-token';

type CallInit = Omit<RequestInit, 'body' | 'headers'> & {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Leave the Authorization header out. */
  anonymous?: boolean;
};

/** `call('/troubleTicket?limit=1')` against `base` (e.g. `http://localhost/tmf-api/troubleTicket/v5`). */
export function createTestClient(base: string) {
  /** `T` is what the test expects the body to be; nothing checks it (the assertions do). */
  return async function call<T = Record<string, unknown>>(path: string, init: CallInit = {}) {
    const { json, anonymous, headers = {}, body, ...rest } = init;
    const response = await fetch(`${base}${path}`, {
      ...rest,
      headers: {
        ...(anonymous ? {} : { Authorization: `Bearer ${TEST_TOKEN}` }),
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
  };
}
