/**
 * "Check your answers": every answer grouped per step, each with a "Change" link back to its step and field, and
 * "Save as template" for the answers a next ticket of this kind can start from.
 */
import { useFormContext } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { EntryValues } from '../model/form-values';
import { useStepHref } from '../hooks/entry-run';
import { AnswerLines } from './answer-lines';
import { checkSections } from './check-rows';
import { disputeOnlyInputs } from '../model/steps';
import { SaveTemplate } from '../../../components/templates/save-template';
import { hasLocationContact, templateFormVersion, wizardTemplateAnswers } from '../model/template-answers';

export function CheckAnswers() {
  const t = useWords();
  const stepHref = useStepHref();
  const { getValues } = useFormContext<EntryValues>();
  // Nothing can be typed on this page, so reading the values once per render is enough.
  const values = getValues();
  const sections = checkSections(values, t);
  // A reason typed while the ticket was a dispute is kept in the form, but a fault does not send it (rule 1 of 2.3).
  const droppedReason = values.ticketType === 'fault' && disputeOnlyInputs.some((name) => values[name] !== '');
  return (
    <>
      {sections.map((section) => (
        <section key={section.step} className="check-section" aria-labelledby={`check-${section.step}`}>
          <h3 id={`check-${section.step}`}>{t(`entry.step.${section.step}`)}</h3>
          <dl className="summary-list">
            {section.rows.map((row) => (
              <div className="summary-list__row" key={row.name}>
                <dt className="summary-list__key">{row.label}</dt>
                <AnswerLines row={row} />
                <dd className="summary-list__actions">
                  <Link to={stepHref(section.step, { field: row.name, fromCheck: true })}>
                    {t('entry.check.change')}{' '}
                    <span className="visually-hidden">{row.label}</span>
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
          {section.step === 'ticket' && droppedReason ? <p className="form-hint">{t('entry.check.disputeReasonDropped')}</p> : null}
        </section>
      ))}
      {/* Read when the agent saves: nothing can change on this page meanwhile, but reading late costs nothing. */}
      <SaveTemplate
        answers={(keep) => wizardTemplateAnswers(getValues(), keep)}
        formVersion={templateFormVersion}
        keepOption={hasLocationContact(values) ? { label: t('templates.save.keepLocationContact'), hint: t('templates.save.keepLocationContactHint') } : undefined}
      />
    </>
  );
}
