/** The outbox's state of sending, in a polite live region: offline, sending, the next try, or "sign in again". */
import { useWords } from '../../../lib/i18n/react';
import { clockTime } from '../../../lib/clock-time';
import { useSession } from '../../../lib/session';
import { useOnline } from '../../../lib/use-online';
import type { OutboxRunner, OutboxSnapshot } from '../model/runner';
import '../outbox-section';

export function ConnectionLine({ snapshot, runner }: { snapshot: OutboxSnapshot; runner: OutboxRunner }) {
  const t = useWords();
  const online = useOnline();
  const session = useSession();
  const entries = snapshot.entries ?? [];
  const sending = entries.find((entry) => entry.id === snapshot.sending);
  const waiting = entries.some((entry) => entry.state === 'waiting');
  let line = '';
  if (snapshot.signInNeeded) line = t('outbox.connection.signIn');
  else if (!online) line = waiting ? t('outbox.connection.offline') : '';
  else if (sending) line = t('outbox.connection.sending', { externalId: sending.externalId });
  else if (snapshot.nextTryAt !== null) line = t('outbox.connection.nextTry', { time: clockTime(snapshot.nextTryAt) });
  return (
    <div className="outbox-connection">
      <p role="status">{line}</p>
      {snapshot.signInNeeded ? (
        <button type="button" className="button" onClick={() => void session.signIn('/outbox')}>
          {t('outbox.signIn')}
        </button>
      ) : online && waiting && !sending ? (
        <button type="button" className="button button--secondary" onClick={() => void runner.sendNow()}>
          {t('outbox.sendNow')}
        </button>
      ) : null}
    </div>
  );
}
