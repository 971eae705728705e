/**
 * Shown instead of the app when a VITE_* setting is missing or wrong: names each variable, says what is wrong with
 * it and what it is set to, so whoever deploys can fix it (never a blank screen).
 */
import { useWords } from '../../../lib/i18n/react';
import { PageHeading } from '../../../components/page-heading';
import { SESSION_WARNING_BOUNDS, type ConfigProblem } from '../../../lib/config';
import '../auth-screens-section';

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
                <code>{problem.variable}</code> {t(`auth.config.reason.${problem.reason}`, SESSION_WARNING_BOUNDS)}
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
