/** The language choice: switches every string at once and is remembered for the next visit. */
import { useId } from 'react';
import { useWords } from '../../lib/i18n/react';
import { activeLanguage, changeLanguage, isLanguage, languages } from '../../lib/i18n';

export function LanguageSwitch() {
  const t = useWords();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('app.language')}</label>
      <select
        id={id}
        value={activeLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {languages.map((language) => (
          // Each language is named in itself (and marked so), so a person who cannot read the current one finds theirs.
          <option key={language} value={language} lang={language}>
            {t(`languageName.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
