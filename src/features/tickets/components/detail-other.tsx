/**
 * "Other details from the service": what the service sent that the reader has no place for (a newer field, a value it
 * could not read), each by its name and as text, so nothing the service says is invisible (docs/decisions/0027).
 */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { DetailGroup, Row, SummaryList } from './detail-parts';

export function OtherDetailsGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const t = useWords();
  const other = ticket.other ?? [];
  // Only when there is something: a service that says nothing extra gets no empty group.
  if (other.length === 0) return null;
  return (
    <DetailGroup group="other">
      <p className="hint">{t('detail.otherIntro')}</p>
      <SummaryList>
        {other.map(({ name, value }, index) => (
          // The same name may come twice (an older spelling beside the v5 one): the service's order is the key.
          <Row key={index} field={name} label={name}>
            <span className="detail-text detail-raw">{value}</span>
          </Row>
        ))}
      </SummaryList>
    </DetailGroup>
  );
}
