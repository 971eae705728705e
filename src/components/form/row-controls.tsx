/** "Add another" and "Remove" for repeated rows; Add says when the list is full instead of silently vanishing. */
import type { ReactNode } from 'react';
import { useWords } from '../../lib/i18n/react';
import './form-section';
import './form.css';

type AddProps = {
  /** What the button adds, said in full: "Add a contact". */
  children: ReactNode;
  onAdd: () => void;
  /** Current number of rows and the most allowed; at the limit the button gives way to a sentence. */
  count: number;
  max: number;
};

export function AddRowButton({ children, onAdd, count, max }: AddProps) {
  const t = useWords();
  if (count >= max) return <p className="form-hint form-row-limit">{t('form.limitReached', { max })}</p>;
  return (
    <button type="button" className="button button--secondary form-add-row" onClick={onAdd}>
      {children}
    </button>
  );
}

type RemoveProps = {
  /** Says which row: the visible text is "Remove", the accessible name "Remove contact 3". */
  what: string;
  onRemove: () => void;
};

export function RemoveRowButton({ what, onRemove }: RemoveProps) {
  const t = useWords();
  return (
    <button type="button" className="button button--secondary button--small form-remove-row" onClick={onRemove}>
      {t('form.remove')}{' '}
      <span className="visually-hidden">{what}</span>
    </button>
  );
}
