/**
 * "There is a problem": the list of errors at the top of a form, in page order. It takes focus when it appears (and
 * again for every new attempt), and each link moves focus to its field, as the GOV.UK error summary does.
 */
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useWords } from '../../lib/i18n/react';
import { fieldId, focusField } from './field-id';
import './form-section';
import './form.css';

export type ErrorSummaryItem = {
  /** A stable key (the field name or path). */
  key: string;
  text: string;
  /** Field name or id the link focuses; without it (and without onSelect) the item is plain text. */
  target?: string;
  /** Instead of focusing `target` on this page: e.g. go to the wizard step that holds the field. */
  onSelect?: () => void;
};

type Props = {
  items: readonly ErrorSummaryItem[];
  /** Changes on every attempt that produced errors, so focus returns to the summary each time. */
  focusKey: number | string;
};

function targetElement(item: ErrorSummaryItem): HTMLElement | null {
  if (!item.target) return null;
  return document.getElementById(item.target.startsWith('field-') ? item.target : fieldId(item.target));
}

/** Page order: items whose field is on the page first, by position; the rest (other steps, no field) after, as given. */
function inPageOrder(items: readonly ErrorSummaryItem[]): ErrorSummaryItem[] {
  const placed = items.map((item, index) => ({ item, index, element: targetElement(item) }));
  return placed
    .sort((a, b) => {
      if (a.element && b.element) {
        if (a.element === b.element) return a.index - b.index;
        return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      }
      if (a.element) return -1;
      if (b.element) return 1;
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

export function ErrorSummary({ items, focusKey }: Props) {
  const t = useWords();
  const container = useRef<HTMLDivElement>(null);
  const [order, setOrder] = useState<readonly string[]>([]);
  // Items arrive as a new array on every render of the form: compare their content, not their identity.
  const signature = items.map((item) => `${item.key}\u0000${item.text}`).join('\u0001');
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  });

  // The fields are in the DOM once this commit is laid out: order by their position before the browser paints.
  useLayoutEffect(() => {
    setOrder(inPageOrder(latest.current).map((item) => item.key));
  }, [signature]);

  const rank = (item: ErrorSummaryItem) => {
    const at = order.indexOf(item.key);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  const ordered = [...items].sort((a, b) => rank(a) - rank(b));

  useLayoutEffect(() => {
    container.current?.focus();
  }, [focusKey]);

  const select = (item: ErrorSummaryItem) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (item.onSelect) item.onSelect();
    else if (item.target) focusField(item.target);
  };

  return (
    <div className="error-summary" role="region" ref={container} tabIndex={-1} aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 className="error-summary__title" id="error-summary-title">
          {t('form.errorSummaryTitle')}
        </h2>
        <ul className="error-summary__list">
          {ordered.map((item) => (
            <li key={item.key}>
              {item.target || item.onSelect ? (
                <a href={`#${item.target ? (item.target.startsWith('field-') ? item.target : fieldId(item.target)) : ''}`} onClick={select(item)}>
                  {item.text}
                </a>
              ) : (
                <span className="error-summary__text">{item.text}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
