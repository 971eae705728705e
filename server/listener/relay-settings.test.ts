/** The relay's own settings (decision 0053): the desk's client and scope for stream tickets, streams per agent. */
import { describe, expect, it } from 'vitest';
import { settingsFromEnvironment } from './settings';

const issuer = { RELAY_ISSUER: 'https://login.example.com', RELAY_AUDIENCE: 'https://api.example.com/tmf-api/troubleTicket/v5' };

describe('the relay settings', () => {
  it('asks for the desk\'s client and the relay scope (default ttd.relay) with RELAY_ISSUER', () => {
    expect(settingsFromEnvironment({ ...issuer, RELAY_CLIENT_ID: 'desk' }).relayAuth?.permission).toEqual({ clientId: 'desk', scope: 'ttd.relay' });
    expect(settingsFromEnvironment({ ...issuer, RELAY_CLIENT_ID: 'desk', RELAY_SCOPE: 'relay:read' }).relayAuth?.permission).toEqual({ clientId: 'desk', scope: 'relay:read' });
  });

  it.each([
    [issuer, 'RELAY_ISSUER is set, so RELAY_CLIENT_ID must be too'],
    [{ RELAY_CLIENT_ID: 'desk' }, 'RELAY_CLIENT_ID needs RELAY_ISSUER too.'],
    [{ RELAY_SCOPE: 'ttd.relay tickets' }, 'RELAY_SCOPE must be one scope token (no spaces or quotes), not "ttd.relay tickets".'],
    [{ RELAY_SCOPE: 'say"what' }, 'RELAY_SCOPE must be one scope token'],
    [{ RELAY_MAX_STREAMS_PER_AGENT: '0' }, 'RELAY_MAX_STREAMS_PER_AGENT must be a whole number from 1 to 100, not "0".'],
    [{ RELAY_MAX_STREAMS_PER_AGENT: '101' }, 'RELAY_MAX_STREAMS_PER_AGENT must be a whole number from 1 to 100, not "101".'],
  ])('refuses %j with a sentence naming the variable', (env, message) => {
    expect(() => settingsFromEnvironment(env)).toThrow(message);
  });

  it.each([
    ['1', 1],
    ['100', 100],
  ])('accepts RELAY_MAX_STREAMS_PER_AGENT=%s (a bound)', (raw, expected) => {
    expect(settingsFromEnvironment({ RELAY_MAX_STREAMS_PER_AGENT: raw }).maxStreamsPerAgent).toBe(expected);
  });
});
