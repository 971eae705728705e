/** A queued ticket's answers as "Check your answers" groups them, read-only (the outbox's page of one ticket). */
import { useWords } from '../../../lib/i18n/react';
import '../entry-section';
import { emptyValues, type EntryValues } from '../model/form-values';
import { AnswerLines } from './answer-lines';
import { checkSections } from './check-rows';
import './entry.css';

export function QueuedAnswers({ values }: { values: unknown }) {
  const t = useWords();
  const stored = typeof values === 'object' && values !== null ? (values as Partial<EntryValues>) : {};
  const sections = checkSections({ ...emptyValues(), ...stored }, t);
  return (
    <>
      {sections.map((section) => (
        <section key={section.step} className="check-section" aria-labelledby={`queued-${section.step}`}>
          <h3 id={`queued-${section.step}`}>{t(`entry.step.${section.step}`)}</h3>
          <dl className="summary-list">
            {section.rows.map((row) => (
              <div className="summary-list__row" key={row.name}>
                <dt className="summary-list__key">{row.label}</dt>
                <AnswerLines row={row} />
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
