/**
 * The page the provider sends the agent back to (/auth/callback?code=…&state=…): takes code and state out of the
 * address at once, finishes the sign-in, and returns to where the agent was (a same-origin path, never elsewhere).
 */
import { useEffect, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { useAuthController } from './auth-context';
import '../auth-screens-section';

/** The provider's own words (an ErrorResponse carries error and error_description), when it gave any. */
function providerReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
  if (typeof description === 'string' && description) return description;
  return typeof code === 'string' && code ? code : undefined;
}

export function SignInCallback() {
  const t = useWords();
  const controller = useAuthController();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address is cleaned below, and the sign-in must still see what the provider sent.
  const [url] = useState(() => new URL(`${location.pathname}${location.search}`, window.location.origin).href);
  const [failure, setFailure] = useState<{ reason: string | undefined } | null>(null);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    const params = new URL(url).searchParams;
    if (!controller || !(params.has('code') || params.has('error'))) {
      // Demo mode, or an old history entry without a response: nothing to finish here.
      navigate('/', { replace: true });
      return;
    }
    // The code and state are single-use secrets of this sign-in: out of the address bar and the history right away.
    navigate(location.pathname, { replace: true });
    let current = true;
    controller.completeSignIn(url).then(
      (path) => {
        if (current) navigate(path, { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure({ reason: providerReason(error) });
      },
    );
    return () => {
      current = false;
    };
    // location.pathname is fixed for this route; the effect runs once per callback URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, url, navigate]);

  if (!failure) return <Loading label={t('auth.callback.completing')} />;
  return (
    <div className="stack">
      <PageHeading>{t('auth.callback.failedTitle')}</PageHeading>
      <div className="error-panel" role="alert">
        <p>{t('auth.callback.failed')}</p>
        {failure.reason ? <p className="error-panel__detail">{t('auth.callback.providerSaid', { reason: failure.reason })}</p> : null}
      </div>
      <p>
        <button
          type="button"
          className="button"
          aria-disabled={retrying || undefined}
          onClick={() => {
            if (retrying || !controller) return;
            setRetrying(true);
            controller.signIn('/').catch(() => setRetrying(false));
          }}
        >
          {t('auth.callback.tryAgain')}
        </button>
      </p>
    </div>
  );
}
