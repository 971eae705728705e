/** Saved views: each a link to its list state, deletable with an undo; a form saves the current state under a name. */
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { useDismiss } from '../../../components/use-dismiss';
import { VIEW_NAME_MAX, useSavedViews, type SavedView } from '../hooks/saved-views';
import '../tickets-section';

type Props = {
  /** The shown state as a view query (no page), to save and to mark the view that is shown now. */
  currentQuery: string;
  pathname: string;
};

type Notice =
  | { kind: 'saved'; name: string }
  | { kind: 'deleted'; view: SavedView; index: number }
  | { kind: 'restored'; name: string };

export function SavedViewsPanel({ currentQuery, pathname }: Props) {
  const t = useWords();
  const id = useId();
  const { views, stored, save, remove, restore } = useSavedViews();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Closed at first: it opens over the rows of the compact list (decision 0035); Escape or a press outside closes it.
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  useDismiss(details);
  const input = useRef<HTMLInputElement>(null);
  const undo = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where focus goes once the change is on screen (the pressed button may be gone): set with the change, used once.
  const focusNext = useRef<'undo' | 'input' | { view: string } | null>(null);

  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'undo') undo.current?.focus();
    else if (target === 'input') input.current?.focus();
    else if (target) {
      const links = list.current?.querySelectorAll<HTMLAnchorElement>('a[data-view]') ?? [];
      [...links].find((link) => link.dataset.view === target.view)?.focus();
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = save(name, currentQuery);
    if (!result.ok) {
      const problem = {
        required: t('tickets.views.nameRequired'),
        tooLong: t('tickets.views.nameTooLong', { max: VIEW_NAME_MAX }),
        taken: t('tickets.views.nameTaken', { name: name.trim() }),
      }[result.problem];
      setError(problem);
      focusNext.current = 'input';
      return;
    }
    setError(null);
    setName('');
    setNotice({ kind: 'saved', name: result.view.name });
  };

  const deleteView = (view: SavedView) => {
    const index = remove(view.name);
    if (index < 0) return;
    setNotice({ kind: 'deleted', view, index });
    focusNext.current = 'undo';
  };

  const undoDelete = (view: SavedView, index: number) => {
    restore(view, index);
    setNotice({ kind: 'restored', name: view.name });
    focusNext.current = { view: view.name };
  };

  return (
    <details className="list-disclosure" ref={details} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="list-disclosure__summary">{t('tickets.views.title')}</summary>
      <div className="list-disclosure__body saved-views">
        <p className="hint">{t('tickets.views.intro')}</p>
        {views.length ? (
          <ul className="saved-views__list" aria-label={t('tickets.views.listLabel')} ref={list}>
            {views.map((view) => {
              const current = view.query === currentQuery;
              return (
                <li key={view.name} className="saved-views__item">
                  <Link
                    to={{ pathname, search: view.query ? `?${view.query}` : '' }}
                    data-view={view.name}
                    aria-current={current ? 'true' : undefined}
                  >
                    {view.name}
                  </Link>
                  {current ? <span className="saved-views__current"> {t('tickets.views.current')}</span> : null}
                  <button
                    type="button"
                    className="button button--secondary saved-views__delete"
                    aria-label={t('tickets.views.deleteLabel', { name: view.name })}
                    onClick={() => deleteView(view)}
                  >
                    {t('tickets.views.delete')}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('tickets.views.none')}</p>
        )}
        <div role="status" className="saved-views__notice">
          {notice?.kind === 'saved' ? <p>{t('tickets.views.saved', { name: notice.name })}</p> : null}
          {notice?.kind === 'restored' ? <p>{t('tickets.views.restored', { name: notice.name })}</p> : null}
          {notice?.kind === 'deleted' ? (
            <p>
              {t('tickets.views.deleted', { name: notice.view.name })}{' '}
              <button
                type="button"
                ref={undo}
                className="button button--secondary"
                aria-label={t('tickets.views.undoLabel', { name: notice.view.name })}
                onClick={() => undoDelete(notice.view, notice.index)}
              >
                {t('tickets.views.undo')}
              </button>
            </p>
          ) : null}
          {!stored ? <p>{t('tickets.views.notStored')}</p> : null}
        </div>
        <form className="saved-views__form" noValidate onSubmit={submit}>
          <div className={`ticket-filters__field${error ? ' ticket-filters__field--error' : ''}`}>
            <label htmlFor={`${id}-name`} className="ticket-filters__label">
              {t('tickets.views.name')}
            </label>
            <p id={`${id}-hint`} className="hint ticket-filters__hint">
              {t('tickets.views.nameHint')}
            </p>
            {error ? (
              <p id={`${id}-error`} className="ticket-filters__error">
                <span className="visually-hidden">{t('tickets.filters.error')}</span>{' '}
                {error}
              </p>
            ) : null}
            <input
              id={`${id}-name`}
              ref={input}
              type="text"
              className="ticket-filters__input"
              autoComplete="off"
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--secondary">
            {t('tickets.views.save')}
          </button>
        </form>
      </div>
    </details>
  );
}
