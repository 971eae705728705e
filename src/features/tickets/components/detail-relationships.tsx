/** The "Related tickets" group: a dispute links to the ticket whose resolution it disputes. */
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { TroubleTicketRead } from '../../../api/read-models';
import { ItemsGroup, labelOf, Row, SummaryList } from './detail-parts';
import '../../../lib/i18n/field-words';

/** Relationship types the app has words for; any other is shown as the service sent it. */
const relationshipTypes = ['disputes'] as const;

export function RelationshipsGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const t = useWords();
  const relationships = ticket.troubleTicketRelationship ?? [];
  return (
    <ItemsGroup group="relationships" items={relationships}>
      <SummaryList>
        {relationships.map((relationship, index) => (
          <Row key={index} label={labelOf(t, 'detail.relationshipType', relationship.relationshipType, relationshipTypes)}>
            {/* The id names a trouble ticket of this service: its page is ours, whatever href the service gave. */}
            <Link to={`/tickets/${encodeURIComponent(relationship.id)}`}>{t('detail.ticketLink', { id: relationship.id })}</Link>
            {relationship.name ? <span className="detail-secondary"> ({relationship.name})</span> : null}
          </Row>
        ))}
      </SummaryList>
    </ItemsGroup>
  );
}
