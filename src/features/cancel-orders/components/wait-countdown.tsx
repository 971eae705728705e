/**
 * The visible countdown before the automatic retry. role=timer is not live, so screen readers are not told every
 * second; the page's status region announces the start and the end of the wait instead.
 */
import { useEffect, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

export function WaitCountdown({ until, onStop }: { until: number; onStop(): void }) {
  const t = useWords();
  const [left, setLeft] = useState(() => secondsLeft(until));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(until)), 250);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <section className="notice-panel" aria-labelledby="wait-title">
      <h2 id="wait-title">{t('cancel.outcome.waitTitle')}</h2>
      <p className="wait-timer" role="timer">
        {t('cancel.outcome.waitTimer', { seconds: left })}
      </p>
      <button type="button" className="button button--secondary" onClick={onStop}>
        {t('cancel.outcome.stopWaiting')}
      </button>
    </section>
  );
}
