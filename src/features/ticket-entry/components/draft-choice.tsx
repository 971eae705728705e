/** On return to an unfinished ticket: what was saved and when, and the choice "Resume draft" or "Start over". */
import { useWords } from '../../../lib/i18n/react';
import { formatDateTime } from '../../../lib/format';
import '../entry-section';
import '../follow-up-section';
import type { Draft } from '../model/draft';
import { config } from '../../../lib/config';
import { draftKind } from './draft-words';

type Props = { draft: Draft; onResume: () => void; onStartOver: () => void };

export function DraftChoice({ draft, onResume, onStartOver }: Props) {
  const t = useWords();
  const { ticketType, externalIdentifier } = draft.values;
  const what = t('entry.draft.what', {
    type: ticketType ? t(`ticketType.${ticketType}`) : t('entry.draft.noType'),
    externalId: externalIdentifier[0]?.id || t('entry.draft.noId'),
    step: t(`entry.step.${draft.step}`),
  });
  return (
    <section className="entry-draft" aria-labelledby="entry-draft-title">
      <h2 id="entry-draft-title">{t('entry.draft.title')}</h2>
      {draft.origin ? <p>{draftKind(draft, t)}</p> : null}
      <p>{t('entry.draft.body', { when: formatDateTime(draft.savedAt), what })}</p>
      <div className="entry-buttons">
        <button type="button" className="button" onClick={onResume}>
          {t('entry.draft.resume')}
        </button>
        <button type="button" className="button button--secondary" onClick={onStartOver}>
          {t('entry.draft.startOver')}
        </button>
      </div>
      <p className="form-hint">{t('entry.draft.startOverHint')}</p>
      <p className="form-hint">{t('entry.draft.kept', { count: config.offlineKeepDays })}</p>
    </section>
  );
}
