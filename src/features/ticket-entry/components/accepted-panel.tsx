/** After a 202: the service took the ticket and creates it later; where it will appear, and a way to enter another. */
import { useLayoutEffect, useRef } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import '../entry-section';
import '../../../components/outcomes/outcomes-section';
import { entryPath } from '../model/step-href';
import './entry.css';

export function AcceptedPanel({ externalId }: { externalId: string }) {
  const t = useWords();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="entry-accepted" aria-labelledby="entry-accepted-title">
      <h2 id="entry-accepted-title" tabIndex={-1} ref={heading}>
        {t('outcomes.ticket.acceptedTitle')}
      </h2>
      <p>{t('outcomes.ticket.acceptedBody', { externalId })}</p>
      <ul className="entry-links">
        <li>
          <Link to={`/tickets?externalId=${encodeURIComponent(externalId)}`}>{t('outcomes.ticket.acceptedLink', { externalId })}</Link>
        </li>
        <li>
          <Link to={entryPath}>{t('entry.outcome.another')}</Link>
        </li>
      </ul>
    </section>
  );
}
