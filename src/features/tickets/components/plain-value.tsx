/**
 * A plain ticket field's value as its table says it is shown (src/domain/ticket-fields.ts `show`), the same on the
 * ticket page and in a list cell: long text as a paragraph that keeps its line breaks, the service's own word as it
 * came, a date-time in the agent's zone, the rest in words (src/lib/field-text.ts). Without a value, the caller's
 * "Not provided".
 */
import type { ReactNode } from 'react';
import { ticketField, type TicketFieldName } from '../../../domain/ticket-fields';
import { fieldText } from '../../../lib/field-text';
import { formatDateTime } from '../../../lib/format';
import { useWords } from '../../../lib/i18n/react';

/** Local date-time with its zone; the exact value the service sent is in `dateTime` and the tooltip. */
export function DateTime({ iso }: { iso: string }) {
  // useWords: re-render in the new language's date format when the agent switches language.
  useWords();
  return (
    <time dateTime={iso} title={iso}>
      {formatDateTime(iso)}
    </time>
  );
}

/**
 * A word of the provider's own (a severity "Critical", an identifier type "buyerTicketId"): as it came, in the
 * language's quotation marks, so that in a German page it reads as the provider's word, not as the desk's.
 */
export function ProviderWord({ word }: { word: string }) {
  const t = useWords();
  return <span className="detail-provider-word">{t('detail.providerWord', { word })}</span>;
}

type Props = {
  name: TicketFieldName;
  value: string | boolean | undefined;
  missing: ReactNode;
  /** The ticket page quotes the provider's own words (ProviderWord); a list's column says whose they are. */
  quoteWords?: boolean;
};

export function PlainValue({ name, value, missing, quoteWords = false }: Props) {
  const t = useWords();
  if (value === undefined || value === '') return <>{missing}</>;
  switch (ticketField(name).show) {
    case 'longText':
      return <span className="detail-text">{String(value)}</span>;
    case 'word':
      return quoteWords ? <ProviderWord word={String(value)} /> : <>{String(value)}</>;
    case 'dateTime':
      return <DateTime iso={String(value)} />;
    default:
      return <>{fieldText(t, name, value)}</>;
  }
}
