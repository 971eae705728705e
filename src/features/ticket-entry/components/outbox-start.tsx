/**
 * /tickets/new?fromOutbox=<run id>: an outbox ticket taken back into the wizard (Change, or Fix after the service
 * refused it): it leaves the outbox as its run's draft and opens at check answers, a refusal's words on its fields.
 * A ticket that has left the outbox meanwhile (sent, withdrawn) is said so, with the way to the outbox.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { addSection } from '../../../lib/i18n/sections';
import { entryOutboxDe } from '../../../lib/i18n/sections/entry-outbox.de';
import { entryOutboxEn } from '../../../lib/i18n/sections/entry-outbox.en';
import type { Draft } from '../model/draft';
import { takeBackFromOutbox, type TakenBack } from '../model/outbox-ticket';

addSection('entryOutbox', entryOutboxEn, entryOutboxDe);

type Props = {
  id: string;
  /** The run's draft is stored again: the page opens it at check answers. */
  onReady(draft: Draft): void;
};

export function OutboxStart({ id, onReady }: Props) {
  const t = useWords();
  const { userId } = useSession();
  const [problem, setProblem] = useState<Exclude<TakenBack['kind'], 'draft'> | null>(null);
  // Taken once: a second effect run (Strict Mode) must not find the ticket gone and say so.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void takeBackFromOutbox(userId, id).then((result) => {
      if (result.kind === 'draft') onReady(result.draft);
      else setProblem(result.kind);
    });
  }, [id, onReady, userId]);

  if (problem === null) return <Loading label={t('entryOutbox.loading')} />;
  return (
    <div className="error-panel" role="alert">
      <h2 className="error-panel__title">{t(problem === 'gone' ? 'entryOutbox.goneTitle' : 'entryOutbox.failedTitle')}</h2>
      <p>{t(problem === 'gone' ? 'entryOutbox.gone' : 'entryOutbox.failed')}</p>
      <p>
        <Link to="/outbox">{t('entryOutbox.toOutbox')}</Link>
      </p>
    </div>
  );
}
