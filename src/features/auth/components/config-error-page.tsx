/**
 * Shown instead of the app when a VITE_* setting is missing or wrong: names each variable, says what is wrong with
 * it and what it is set to, so whoever deploys can fix it (never a blank screen).
 */
import { useWords } from '../../../lib/i18n/react';
import { PageHeading } from '../../../components/page-heading';
import { IDLE_SIGN_OUT_BOUNDS, OFFLINE_KEEP_DAYS_BOUNDS, SESSION_WARNING_BOUNDS, type ConfigProblem, type ConfigReason } from '../../../lib/config';
import '../auth-screens-section';

/** The range a refused number had to be in, for the reason's words. */
const boundsOf = (reason: ConfigReason) =>
  reason === 'notDays' ? OFFLINE_KEEP_DAYS_BOUNDS : reason === 'notMinutes' ? IDLE_SIGN_OUT_BOUNDS : SESSION_WARNING_BOUNDS;

export function ConfigErrorPage({ problems }: { problems: readonly ConfigProblem[] }) {
  const t = useWords();
  return (
    <main id="main" tabIndex={-1} className="width-container main">
      <div className="stack">
        <PageHeading>{t('auth.config.title')}</PageHeading>
        <div className="error-panel" role="alert">
          <p className="error-panel__title">{t('auth.config.intro')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.variable}>
                <code>{problem.variable}</code> {t(`auth.config.reason.${problem.reason}`, boundsOf(problem.reason))}
                {problem.value !== undefined ? <> {t('auth.config.setTo', { value: problem.value })}</> : null}
              </li>
            ))}
          </ul>
        </div>
        <p>{t('auth.config.fix')}</p>
      </div>
    </main>
  );
}
