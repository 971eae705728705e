/**
 * The session's two moments that need the agent: a warning before it ends with "Stay signed in" (WCAG 2.2.1), and,
 * when it has ended, "Sign in again" back to the same page. Drafts autosave, so either way nothing typed is lost.
 */
import { useId, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Loading } from '../../../components/loading';
import { activeLanguage } from '../../../lib/i18n';
import type { AuthController, AuthState } from '../model/auth-controller';
import { currentPath } from '../model/return-to';
import '../auth-screens-section';
import { ModalDialog } from './modal-dialog';

const locales = { en: 'en-GB', de: 'de-DE' } as const;

function timeOf(ms: number): string {
  return new Intl.DateTimeFormat(locales[activeLanguage()], { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** Rendered by AuthProvider, which hands it the controller and its state (importing them back would be a cycle). */
export function SessionDialog({ controller, state }: { controller: AuthController | null; state: AuthState }) {
  const t = useWords();
  const titleId = useId();
  const descriptionId = useId();
  const [signInFailed, setSignInFailed] = useState(false);

  if (!controller || state.status !== 'signedIn') return null;
  const { phase, renewing, renewFailed, dismissed, user } = state;
  const open = phase !== 'active' && !dismissed;
  const ended = phase === 'ended' || renewFailed;

  const signInAgain = () => {
    setSignInFailed(false);
    controller.signIn(currentPath()).catch(() => setSignInFailed(true));
  };

  return (
    <ModalDialog
      open={open}
      titleId={titleId}
      descriptionId={descriptionId}
      onCancel={() => controller.dismissDialog()}
      focusKey={ended ? 'ended' : 'warning'}
    >
      <h2 id={titleId} className="auth-dialog__title">
        {phase === 'ended' ? t('auth.expiry.endedTitle') : t('auth.expiry.warningTitle')}
      </h2>
      <div id={descriptionId}>
        {phase === 'ended' ? (
          <p>{t('auth.expiry.endedBody')}</p>
        ) : (
          <>
            <p>{t('auth.expiry.warningBody', { time: user.expiresAt === undefined ? '' : timeOf(user.expiresAt) })}</p>
            <p>{t('auth.expiry.kept')}</p>
          </>
        )}
      </div>
      {renewFailed ? (
        <p className="auth-dialog__error" role="alert">
          {t('auth.expiry.renewFailed')}
        </p>
      ) : null}
      {signInFailed ? (
        <p className="auth-dialog__error" role="alert">
          {t('auth.signIn.failed')}
        </p>
      ) : null}
      <div className="auth-dialog__actions">
        {ended ? (
          <>
            <button type="button" className="button" data-autofocus onClick={signInAgain}>
              {t('auth.expiry.signInAgain')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => controller.dismissDialog()}>
              {t('auth.expiry.notNow')}
            </button>
          </>
        ) : (
          // aria-disabled, not disabled: a disabled button would drop focus out of the dialog while renewing.
          <button
            type="button"
            className="button"
            data-autofocus
            aria-disabled={renewing || undefined}
            onClick={() => {
              if (!renewing) void controller.staySignedIn();
            }}
          >
            {t('auth.expiry.stay')}
          </button>
        )}
      </div>
      {renewing ? <Loading label={t('auth.expiry.renewing')} /> : null}
    </ModalDialog>
  );
}
