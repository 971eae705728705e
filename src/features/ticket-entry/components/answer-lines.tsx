/** One answer of "Check your answers": its lines, or "Not provided" for a skipped optional answer. */
import { useWords } from '../../../lib/i18n/react';
import type { CheckRow } from './check-rows';

export function AnswerLines({ row }: { row: CheckRow }) {
  const t = useWords();
  return (
    <dd className="summary-list__value">
      {row.lines.length === 0 ? (
        <span className="summary-list__empty">{t('entry.check.notProvided')}</span>
      ) : (
        row.lines.map((line, index) => (
          <span className="summary-list__line" key={index}>
            {line}
          </span>
        ))
      )}
    </dd>
  );
}
