/** GOV.UK-style confirmation shown on the detail page right after a 201: what was sent and what happens next. */
import { useWords } from '../../../lib/i18n/react';
import type { CancelProductOrderRead } from '../../../api/read-models';

export function CreatedPanel({ order }: { order: CancelProductOrderRead }) {
  const t = useWords();
  return (
    <section className="confirmation-panel" aria-labelledby="cancellation-requested">
      <h2 id="cancellation-requested" className="confirmation-panel__title">
        {t('cancel.detail.createdTitle')}
      </h2>
      <p className="confirmation-panel__body">
        {t('cancel.detail.createdBody', { id: order.id, productOrder: order.productOrder?.id ?? '' })}
      </p>
      <p className="confirmation-panel__body">{t('cancel.detail.createdNext')}</p>
    </section>
  );
}
