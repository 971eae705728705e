/** After a 202: the service took the cancellation and records it later; the list is where it will appear. */
import { useLayoutEffect } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import { cancellationsOf } from '../../../components/outcomes/cancellation-outcome';
import '../../../components/outcomes/outcomes-section';

export function AcceptedView({ productOrderId }: { productOrderId: string }) {
  const t = useWords();
  // The check page and its button are gone: focus the new heading, as a page change would.
  useLayoutEffect(() => {
    document.getElementById('main')?.querySelector<HTMLElement>('h1')?.focus();
  }, []);
  return (
    <>
      <PageHeading>{t('outcomes.cancellation.acceptedTitle')}</PageHeading>
      <div className="confirmation-panel" role="status">
        <p className="confirmation-panel__body">{t('outcomes.cancellation.acceptedBody', { id: productOrderId })}</p>
      </div>
      <ul className="link-list">
        <li>
          <Link to={cancellationsOf(productOrderId)}>{t('outcomes.cancellation.acceptedLink', { id: productOrderId })}</Link>
        </li>
        <li>
          <Link to="/cancel-orders">{t('cancel.common.toList')}</Link>
        </li>
      </ul>
    </>
  );
}
