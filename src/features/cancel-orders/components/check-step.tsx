/**
 * Step 2 (WCAG 3.3.4): exactly what will be sent, field by field and as JSON, each answer with a "Change" link, and
 * one button that names the action. The progress, the 429 wait and every outcome that stays on this page show here.
 */
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { cancelOrderFields, cancelOrderInputKeys, pathOf, valueAt } from '../../../domain/cancel-order-fields';
import type { CancelOrderFieldName } from '../model/form-values';
import { FieldValue } from './field-value';
import { OutcomePanel } from './outcome-panel';
import type { SendState } from '../hooks/use-send-cancel-order';
import { WaitCountdown } from './wait-countdown';

/** Location state of a "Change" link: the edit step focuses this field. */
export type ChangeState = { focus: CancelOrderFieldName };

type Props = {
  body: CancelProductOrderFvo;
  state: SendState;
  onSend(): void;
  onStopWaiting(): void;
  onSignIn(): void;
};

function Announcement({ state, productOrderId }: { state: SendState; productOrderId: string }) {
  const t = useWords();
  let text = '';
  if (state.phase === 'sending') {
    text = state.automatic ? t('cancel.outcome.waitEnd') : t('cancel.check.sending', { id: productOrderId });
  } else if (state.phase === 'waiting') {
    // Said once when the wait starts; the countdown itself is a timer that is not read out every second.
    text = t('cancel.outcome.waitStart', { seconds: state.seconds });
  }
  return (
    <p className="loading" role="status">
      {state.phase === 'sending' ? <span className="loading__spinner" aria-hidden="true" /> : null}
      {text}
    </p>
  );
}

export function CheckStep({ body, state, onSend, onStopWaiting, onSignIn }: Props) {
  const t = useWords();
  const productOrderId = body.productOrder.id;
  const busy = state.phase === 'sending' || state.phase === 'waiting';
  const notProvided = <span className="summary-list__none">{t('cancel.common.notProvided')}</span>;
  return (
    <>
      <PageHeading>{t('cancel.check.title')}</PageHeading>
      <p>{t('cancel.check.intro')}</p>
      <dl className="summary-list">
        {cancelOrderInputKeys.map((key) => {
          const name = pathOf(key);
          const { label: labelKey, show } = cancelOrderFields[key];
          const label = t(labelKey);
          return (
            <div className="summary-list__row" key={name}>
              <dt className="summary-list__key">{label}</dt>
              <dd className="summary-list__value">
                <FieldValue show={show} value={valueAt(body, name)} missing={notProvided} />
              </dd>
              <dd className="summary-list__action">
                <Link
                  to="/cancel-orders/new"
                  state={{ focus: name } satisfies ChangeState}
                  aria-label={t('cancel.check.changeField', { field: label })}
                >
                  {t('cancel.check.change')}
                </Link>
              </dd>
            </div>
          );
        })}
      </dl>
      <details className="request-body">
        <summary>{t('cancel.check.body')}</summary>
        <pre>{JSON.stringify(body, null, 2)}</pre>
      </details>
      <Announcement state={state} productOrderId={productOrderId} />
      {state.phase === 'waiting' ? <WaitCountdown until={state.until} onStop={onStopWaiting} /> : null}
      {state.phase === 'done' || state.phase === 'stopped' ? (
        <OutcomePanel state={state} productOrderId={productOrderId} onSendAgain={onSend} onSignIn={onSignIn} />
      ) : null}
      <div className="button-group">
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the top of the page. */}
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={onSend}>
          {t('cancel.check.submit', { id: productOrderId })}
        </button>
      </div>
    </>
  );
}
