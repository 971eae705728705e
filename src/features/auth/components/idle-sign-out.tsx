/**
 * Shared desks (VITE_IDLE_SIGN_OUT_MINUTES): an agent who has not typed or clicked for that long is signed out, as if
 * they had confirmed sign-out, so drafts and unsent tickets go with the session (decision 0054). A minute before, a
 * warning is announced (aria-live); any key or click cancels it. Activity in another tab of the app counts too.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { clockTime } from '../../../lib/clock-time';
import { useWords } from '../../../lib/i18n/react';
import '../auth-screens-section';
import { unsentWork } from '../model/unsent';

/** The warning comes this long before the sign-out (the setting is at least two minutes). */
export const IDLE_WARNING_MS = 60_000;
const CHANNEL = 'trouble-ticket-desk-activity';
/** Other tabs hear of activity at most this often: enough to keep their clocks, no message per keystroke. */
const SHARE_EVERY_MS = 10_000;

type Props = { minutes: number; userId: string; onSignOut(): void };
type Phase = { kind: 'quiet' } | { kind: 'warning'; at: number; unsent: boolean } | { kind: 'cancelled' };

export function IdleSignOut({ minutes, userId, onSignOut }: Props) {
  const t = useWords();
  const [phase, setPhase] = useState<Phase>({ kind: 'quiet' });
  const signOut = useRef(onSignOut);
  useEffect(() => {
    signOut.current = onSignOut;
  });

  useEffect(() => {
    const idleMs = minutes * 60_000;
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let endTimer: ReturnType<typeof setTimeout> | undefined;
    let warned = false;
    let sharedAt = 0;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

    const schedule = () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      const endAt = Date.now() + idleMs;
      warnTimer = setTimeout(() => {
        warned = true;
        setPhase({ kind: 'warning', at: endAt, unsent: false });
        // Said only when there is something to lose.
        void unsentWork(userId).then(({ drafts, unsent }) => {
          if (warned && drafts.length + unsent.length > 0) setPhase({ kind: 'warning', at: endAt, unsent: true });
        });
      }, idleMs - IDLE_WARNING_MS);
      endTimer = setTimeout(() => signOut.current(), idleMs);
    };
    const active = (shared: boolean) => {
      if (warned) setPhase({ kind: 'cancelled' });
      warned = false;
      schedule();
      if (!shared && Date.now() - sharedAt >= SHARE_EVERY_MS) {
        sharedAt = Date.now();
        channel?.postMessage('active');
      }
    };
    const onInput = () => active(false);
    const onShared = () => active(true);

    schedule();
    window.addEventListener('keydown', onInput, true);
    window.addEventListener('pointerdown', onInput, true);
    channel?.addEventListener('message', onShared);
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      window.removeEventListener('keydown', onInput, true);
      window.removeEventListener('pointerdown', onInput, true);
      channel?.close();
    };
  }, [minutes, userId]);

  // At the document's top level: on a phone (or a desktop zoomed to 400 %) the account area sits in the header's
  // closed menu, whose display:none would hide the warning and silence its announcement.
  return createPortal(
    <div className={phase.kind === 'warning' ? 'idle-warning' : 'visually-hidden'} role="alert" aria-live="assertive">
      {phase.kind === 'warning' ? (
        <>
          <p>{t('auth.idle.warning', { time: clockTime(phase.at) })}</p>
          {phase.unsent ? <p>{t('auth.idle.warningUnsent')}</p> : null}
        </>
      ) : phase.kind === 'cancelled' ? (
        <p>{t('auth.idle.cancelled')}</p>
      ) : null}
    </div>,
    document.body,
  );
}
