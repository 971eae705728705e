/** The facts of one cancellation as a summary list: its detail rows of the field table, in its order. */
import { useWords } from '../../../lib/i18n/react';
import type { CancelProductOrderRead } from '../../../api/read-models';
import { cancelOrderDetailKeys, cancelOrderFields, fieldOf, pathOf, valueAt } from '../../../domain/cancel-order-fields';
import { openCancelOrderStates } from '../model/open-states';
import { FieldValue } from './field-value';

export function CancelOrderSummary({ order }: { order: CancelProductOrderRead }) {
  const t = useWords();
  const notProvided = <span className="summary-list__none">{t('cancel.common.notProvided')}</span>;
  const notYet = <span className="summary-list__none">{t('cancel.detail.notYet')}</span>;
  const open = (openCancelOrderStates as readonly (string | undefined)[]).includes(order.state);
  return (
    <dl className="summary-list">
      {cancelOrderDetailKeys.map((key) => {
        const { show, detail } = fieldOf(key);
        const missing = open && detail?.pendingWhileOpen ? notYet : notProvided;
        return (
          <div className="summary-list__row" key={key}>
            <dt className="summary-list__key">{t(cancelOrderFields[key].label)}</dt>
            <dd className="summary-list__value">
              <FieldValue show={show} value={valueAt(order, pathOf(key))} missing={missing} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
