/** The "Agreements" group: each agreement in full (name, type, business ids) or as a reference. */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { agreementTypes, type AgreementOrRef } from '../../../domain/agreement';
import { ItemsGroup, labelOf, Row, SummaryList, ValueList } from './detail-parts';
import '../../../lib/i18n/field-words';

function AgreementItem({ agreement }: { agreement: AgreementOrRef }) {
  const t = useWords();
  if (agreement['@type'] === 'AgreementRef') {
    return (
      <li className="detail-item">
        <h3 className="detail-item__title">{t('detail.agreementRef', { id: agreement.id })}</h3>
      </li>
    );
  }
  return (
    <li className="detail-item">
      <h3 className="detail-item__title">{agreement.name}</h3>
      <SummaryList>
        <Row label={t('fields.agreementType')}>
          {labelOf(t, 'detail.agreementType', agreement.agreementType, agreementTypes)}
        </Row>
        <Row label={t('fields.businessId')}>{agreement.businessId}</Row>
        <Row label={t('fields.engagedParty')}>
          <ValueList items={(agreement.engagedParty ?? []).map((party) => party.businessId)} />
        </Row>
      </SummaryList>
    </li>
  );
}

export function AgreementsGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const agreements = ticket.agreement ?? [];
  return (
    <ItemsGroup group="agreements" items={agreements}>
      <ul className="detail-items">
        {agreements.map((agreement, index) => (
          // Agreements carry no id of their own (a full one has only a businessId): the service's order is the key.
          <AgreementItem key={index} agreement={agreement} />
        ))}
      </ul>
    </ItemsGroup>
  );
}
