/**
 * Sign-out's own code, loaded when the agent signs out (never with the first screen): what it would discard (drafts,
 * tickets still in the outbox) and the sign-out that deletes the offline stores and their key (decision 0054).
 */
import { forgetOfflineData } from '../../../lib/crypto-store-forget';
import { openSealed } from '../../../lib/sealed-storage';
import { signOutEvent } from '../../../lib/session';
import type { DraftName } from '../../../lib/storage';
import type { UnsentTicket } from '../components/sign-out-dialog';
import type { AuthController } from './auth-controller';
import { draftsOf } from './drafts';

export type UnsentWork = { drafts: DraftName[]; unsent: UnsentTicket[] };

export async function unsentOf(userId: string): Promise<UnsentTicket[]> {
  try {
    const { pendingOf } = await import('../../../lib/outbox/store');
    return (await pendingOf(userId)).map(({ id, externalId }) => ({ id, externalId }));
  } catch {
    // An outbox the browser will not open holds nothing that could be named; sign-out deletes it all the same.
    return [];
  }
}

/** Drafts (those another tab sealed are opened first) and outbox tickets of the agent, read at the moment of asking. */
export async function unsentWork(userId: string): Promise<UnsentWork> {
  await openSealed(userId).catch(() => undefined);
  return { drafts: draftsOf(userId), unsent: await unsentOf(userId) };
}

/**
 * Signs the agent out; as the controller announces it (signOutEvent, in both modes), the agent's key, drafts and outbox
 * are deleted, and the controller waits for that before it leaves for the provider or the gateway's logout.
 */
export async function signOutForgetting(controller: Pick<AuthController, 'signOut'>, userId: string): Promise<void> {
  const onSignOut = (event: Event) =>
    (event as CustomEvent<Promise<unknown>[]>).detail.push(forgetOfflineData(userId));
  window.addEventListener(signOutEvent, onSignOut);
  try {
    await controller.signOut();
  } finally {
    window.removeEventListener(signOutEvent, onSignOut);
  }
}
