/** The header's search field on every screen: a ticket id or an external identifier opens that ticket (or the list). */
import { useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { useWords } from '../../../lib/i18n/react';

/** The longest external identifier (decisions.md: 1 to 36); ticket ids are no longer. */
export const FIND_MAX = 36;
import './workspace-bar.css';

type Props = {
  input: RefObject<HTMLInputElement | null>;
  /** ./find-ticket's findTicket, loaded by the app with its other tools on first use (not on the first screen). */
  find: (api: ApiClient, query: string) => Promise<string>;
};

export function HeaderSearch({ input, find }: Props) {
  const t = useWords();
  const api = useApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field's own value: keys kept while the shortcuts loaded and Enter among them arrive in one task, before React
    // has rendered the state they set (../hooks/use-shortcuts).
    const query = (input.current?.value ?? value).trim();
    if (!query || busy) return;
    setBusy(true);
    const to = await find(api, query);
    setBusy(false);
    setValue('');
    void navigate(to);
  };

  return (
    <form role="search" className="header-search" aria-label={t('bar.find')} onSubmit={submit}>
      <label htmlFor="header-search">{t('bar.find')}</label>
      <input
        id="header-search"
        ref={input}
        type="search"
        className="header-search__input"
        maxLength={FIND_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('bar.findHint')}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="header-search__button" aria-disabled={busy || undefined}>
        {t('bar.findButton')}
      </button>
      {/* A live region without the status role: the screens' own status lines stay the one "status" on a page. */}
      <span aria-live="polite" className="visually-hidden">
        {busy ? t('bar.finding') : ''}
      </span>
    </form>
  );
}
