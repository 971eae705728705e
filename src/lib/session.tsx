/**
 * Who is signed in, as every feature needs to know it (drafts and saved views are kept per agent; a 401 asks for a
 * new sign-in). The auth feature provides the real session; demo mode and tests use a fixed demo identity.
 */
import { createContext, useContext, type ReactNode } from 'react';

export type Session = {
  /** Stable id of the signed-in agent (the token's `sub`): the key for everything kept per agent in the browser. */
  userId: string;
  /** The name shown to the agent. */
  displayName: string;
  /** True for the built-in demo identity (no provider). */
  demo: boolean;
  /**
   * May create tickets and cancellations (and disputes and copies, which are new tickets). False for a viewer in gateway
   * mode (issue 27): the app offers them nothing that writes. Demo and direct mode: true.
   */
  canWrite: boolean;
  /**
   * Starts an interactive sign-in and brings the agent back to `returnTo` (default: the current address). Whatever
   * must survive the round trip has to be stored before calling this (drafts autosave on every change).
   */
  signIn(returnTo?: string): Promise<void>;
};

/**
 * Dispatched on window as the agent signs out, a CustomEvent whose `detail` is an array: code that keeps the agent's
 * data in this browser deletes it and pushes the promise of that deletion, which sign-out awaits.
 */
export const signOutEvent = 'trouble-ticket-desk:sign-out';

export const demoSession: Session = {
  userId: 'demo-agent',
  displayName: 'Demo agent',
  demo: true,
  canWrite: true,
  signIn: () => Promise.resolve(),
};

const SessionContext = createContext<Session>(demoSession);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current agent's session (the demo identity when no provider sits above). */
export function useSession(): Session {
  return useContext(SessionContext);
}
