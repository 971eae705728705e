/**
 * A send that did not end on another page: its outcome, shown by the one cancellation outcome component
 * (src/components/outcomes/cancellation-outcome.tsx), with the way on this page offers (Send again, Sign in again).
 */
import { useWords } from '../../../lib/i18n/react';
import { CancellationOutcome } from '../../../components/outcomes/cancellation-outcome';
import type { SendState } from '../hooks/use-send-cancel-order';

type Shown = Extract<SendState, { phase: 'done' | 'stopped' }>;

type Props = {
  state: Shown;
  productOrderId: string;
  onSendAgain(): void;
  onSignIn(): void;
};

function SendAgain({ onClick }: { onClick(): void }) {
  const t = useWords();
  return (
    <button type="button" className="button button--secondary" onClick={onClick}>
      {t('cancel.outcome.sendAgain')}
    </button>
  );
}

export function OutcomePanel({ state, productOrderId, onSendAgain, onSignIn }: Props) {
  const t = useWords();
  if (state.phase === 'stopped') {
    return (
      <div className="error-panel" role="alert">
        <p className="error-panel__title">{t('cancel.outcome.stoppedTitle')}</p>
        <p>{t('cancel.outcome.stoppedBody')}</p>
        <SendAgain onClick={onSendAgain} />
      </div>
    );
  }
  const { result, automatic, earlierAttemptLost, retryAt } = state;
  // created, accepted and invalid lead to another page or step.
  if (result.kind === 'created' || result.kind === 'accepted' || result.kind === 'invalid') return null;
  return (
    <div className="error-panel" role="alert">
      <CancellationOutcome
        outcome={result}
        productOrderId={productOrderId}
        earlierAttemptLost={earlierAttemptLost}
        automatic={automatic}
        {...(retryAt === undefined ? {} : { retryAt })}
      >
        {result.kind === 'unauthorized' ? (
          <button type="button" className="button" onClick={onSignIn}>
            {t('cancel.outcome.signIn')}
          </button>
        ) : result.kind === 'rateLimited' || (result.kind === 'unavailable' && result.status !== 406) ? (
          // Sending again changes nothing after a refusal the interface does not declare (404, 405, 501 …).
          <SendAgain onClick={onSendAgain} />
        ) : null}
      </CancellationOutcome>
    </div>
  );
}
