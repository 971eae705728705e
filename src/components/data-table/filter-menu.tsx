/**
 * A compact filter bar's pieces: a menu of checkboxes behind a summary that says how many are chosen, and the active
 * filters as removable chips (links to the same list without that filter, so the URL stays the one truth).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { Checkbox, Checkboxes } from '../form/checkbox';
import { useWords } from '../../lib/i18n/react';
import { useDismiss } from '../use-dismiss';
import './filter-bar.css';
import './filter-bar-section';

type MenuProps = {
  /** Id of the group (its first checkbox takes it, so an error link lands there). */
  id: string;
  legend: string;
  options: readonly string[];
  chosen: readonly string[];
  label: (option: string) => string;
  onChange: (chosen: string[]) => void;
};

export function FilterMenu({ id, legend, options, chosen, label, onChange }: MenuProps) {
  const t = useWords();
  const details = useRef<HTMLDetailsElement>(null);
  useDismiss(details);
  return (
    <details className="filter-menu" ref={details}>
      <summary className="filter-menu__summary">
        {legend}
        {chosen.length ? <span className="filter-menu__count">{t('filterBar.chosen', { count: chosen.length })}</span> : null}
      </summary>
      <div className="filter-menu__panel">
        <Checkboxes id={id} legend={legend}>
          {options.map((option, i) => (
            <Checkbox
              key={option}
              name={id}
              id={i === 0 ? id : `${id}-${option}`}
              value={option}
              label={label(option)}
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, option] : chosen.filter((value) => value !== option))
              }
            />
          ))}
        </Checkboxes>
      </div>
    </details>
  );
}

/** A `<details>` that opens below the bar: "More filters" and the like. */
export function FilterMore({ summary, open, onToggle, children }: { summary: string; open: boolean; onToggle: (open: boolean) => void; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  useDismiss(details, { outside: false });
  return (
    <details className="filter-menu filter-menu--more" ref={details} open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary className="filter-menu__summary">{summary}</summary>
      <div className="filter-menu__panel">{children}</div>
    </details>
  );
}

export type FilterChip = { key: string; label: string; to: To };

/**
 * After a chip is removed its neighbour takes the focus (or, with none left, `fallback`), so a keyboard user keeps
 * their place instead of landing at the top of the page.
 */
export function FilterChips({ chips, fallback }: { chips: readonly FilterChip[]; fallback: () => HTMLElement | null | undefined }) {
  const t = useWords();
  const list = useRef<HTMLUListElement>(null);
  const removed = useRef<number | null>(null);
  const keys = chips.map((chip) => chip.key).join('\u0000');
  useLayoutEffect(() => {
    const index = removed.current;
    removed.current = null;
    if (index === null) return;
    const links = list.current?.querySelectorAll('a') ?? [];
    (links[Math.min(index, links.length - 1)] ?? fallback())?.focus();
  }, [keys, fallback]);
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" ref={list} aria-label={t('filterBar.active')}>
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <Link
            to={chip.to}
            className="filter-chip"
            aria-label={t('filterBar.remove', { filter: chip.label })}
            onClick={() => {
              removed.current = index;
            }}
          >
            {chip.label}
            <span className="filter-chip__x" aria-hidden="true">
              ×
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
