/**
 * The dev provider's test accounts (two agents, one viewer). TEST-ONLY credentials, published in docs/sign-in.md: never reuse them anywhere
 * real, and never run this provider outside a developer's machine or a test run.
 */

export type TestAgent = {
  /** The login name, and the token's `sub`. */
  username: string;
  password: string;
  name: string;
  email: string;
  /** The desk roles the gateway reads from the `groups` claim (docs/sign-in.md). */
  groups: readonly string[];
};

export const testAgents: readonly TestAgent[] = [
  { username: 'agent.one', password: 'agent-one-test', name: 'Jana Schmidt', email: 'agent.one@desk.example', groups: ['desk-agent'] },
  { username: 'agent.two', password: 'agent-two-test', name: 'Lukas Wagner', email: 'agent.two@desk.example', groups: ['desk-agent'] },
  // Reads, never writes: the gateway's viewer role (issue 27).
  { username: 'viewer.one', password: 'viewer-one-test', name: 'Petra Vogel', email: 'viewer.one@desk.example', groups: ['desk-viewer'] },
];

export function findAgent(username: string): TestAgent | undefined {
  return testAgents.find((agent) => agent.username === username);
}

/** The agent if the password matches (compared in full; this is a dev provider, not a model of one). */
export function checkPassword(username: string, password: string): TestAgent | undefined {
  const agent = findAgent(username.trim());
  return agent && agent.password === password ? agent : undefined;
}
