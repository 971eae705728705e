/** What a signed-out agent sees in place of any screen: what happens next, and the button that starts it. */
import { useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { useAuthController } from './auth-context';
import { currentPath } from '../model/return-to';
import '../auth-screens-section';

type Progress = 'idle' | 'starting' | 'failed';

export function SignInScreen() {
  const t = useWords();
  const controller = useAuthController();
  const [progress, setProgress] = useState<Progress>('idle');

  const signIn = () => {
    if (!controller || progress === 'starting') return;
    setProgress('starting');
    // Back to the address the agent asked for (a bookmark, a link from a colleague) once signed in.
    controller.signIn(currentPath()).catch(() => setProgress('failed'));
  };

  return (
    <div className="stack">
      <PageHeading>{t('auth.signIn.title')}</PageHeading>
      <p>{t('auth.signIn.intro')}</p>
      <p>{t('auth.signIn.explain')}</p>
      {progress === 'failed' ? (
        <div className="error-panel" role="alert">
          <p>{t('auth.signIn.failed')}</p>
        </div>
      ) : null}
      <p>
        <button type="button" className="button" aria-disabled={progress === 'starting' || undefined} onClick={signIn}>
          {t('auth.signIn.button')}
        </button>
      </p>
      {progress === 'starting' ? <Loading label={t('auth.signIn.starting')} /> : null}
    </div>
  );
}
