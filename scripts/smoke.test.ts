// @vitest-environment node
// `npm run smoke`'s arguments: what it needs is named in a sentence; the run itself is tested against a deployment in
// deploy/smoke.test.ts.
import { describe, expect, it } from 'vitest';
import { cookieHeader, smokeOptions } from './smoke';

const argv = (...args: string[]) => ['node', 'scripts/smoke.ts', ...args];

describe('smokeOptions', () => {
  it('reads an origin, the instances, a token and the agent token', () => {
    expect(smokeOptions(argv('https://desk.example.com/', '--instances', 'http://127.0.0.1:4177,http://127.0.0.1:4178', '--token', 's', '--agent-token', 'a'))).toEqual({
      origin: 'https://desk.example.com',
      instances: ['http://127.0.0.1:4177', 'http://127.0.0.1:4178'],
      token: 's',
      tokenUrl: undefined,
      clientId: undefined,
      clientSecret: undefined,
      resource: undefined,
      agentToken: 'a',
      cookie: undefined,
      metricsToken: undefined,
      timeoutMs: 10_000,
    });
  });

  it('takes a client-credentials grant instead of a token', () => {
    const options = smokeOptions(argv('https://desk.example.com', '--token-url', 'http://127.0.0.1:4190/token', '--client-id', 'desk', '--client-secret', 'x'));
    expect(options).toMatchObject({ tokenUrl: 'http://127.0.0.1:4190/token', clientId: 'desk', clientSecret: 'x', instances: [] });
  });

  it.each([
    ['no origin', argv('--token', 's'), 'An origin such as https://desk.example.com is needed first.'],
    ['an origin with a path', argv('https://desk.example.com/app', '--token', 's'), 'An origin such as https://desk.example.com is needed first.'],
    ['no token and no grant', argv('https://desk.example.com'), 'A service token is needed'],
    ['a grant without its secret', argv('https://desk.example.com', '--token-url', 'http://x/token', '--client-id', 'desk'), 'A service token is needed'],
    ['both an agent token and a cookie', argv('https://desk.example.com', '--token', 's', '--agent-token', 'a', '--cookie', 'c'), '--agent-token is for direct mode, --cookie for gateway mode: give one.'],
    ['a timeout of 999 ms', argv('https://desk.example.com', '--token', 's', '--timeout-ms', '999'), '--timeout-ms must be a whole number of at least 1000'],
  ])('refuses %s, saying what is needed', (_name, args, sentence) => {
    expect(() => smokeOptions(args)).toThrow(sentence);
  });

  it('takes a timeout of 1000 ms', () => {
    expect(smokeOptions(argv('https://desk.example.com', '--token', 's', '--timeout-ms', '1000')).timeoutMs).toBe(1000);
  });
});

describe('--cookie (gateway mode)', () => {
  it('is read, and sent as the session cookie whether given as its value or as name=value', () => {
    expect(smokeOptions(argv('https://desk.example.com', '--token', 's', '--cookie', 'abc')).cookie).toBe('abc');
    expect(cookieHeader('abc')).toBe('__Host-ttd-session=abc');
    expect(cookieHeader('__Host-ttd-session=abc')).toBe('__Host-ttd-session=abc');
  });
});
