/**
 * The "Related entities" group (by role: affected product, diagnosis, optional services, and any role a service
 * names) and the questionnaire. Entities in reference form show their name, type and id.
 */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { relatedEntityRoles } from '../../../domain/entity';
import type { EntityRead } from '../../../domain/ticket-reader';
import { ItemsGroup, labelOf, Row, SummaryList, ValueList } from './detail-parts';
import '../../../lib/i18n/field-words';

type Props = { ticket: TroubleTicketRead };
type T = ReturnType<typeof useWords>;

/** The profile's wording for its own kinds ("Product PRD-1"); otherwise name, then "<type> <id>". */
function entityText(entity: EntityRead, t: T): string {
  const type = entity.referredType ?? entity['@type'];
  if (entity.id && !entity.name && type === 'Product') return t('detail.product', { id: entity.id });
  if (entity.id && !entity.name && type === 'ProductTest') return t('detail.productTest', { id: entity.id });
  const reference = entity.id ? (type && type !== 'EntityRef' ? t('detail.referenceTo', { type, id: entity.id }) : entity.id) : undefined;
  return [entity.name, reference && entity.name ? `(${reference})` : reference].filter(Boolean).join(' ');
}

const NO_ROLE = '';

export function EntitiesGroup({ ticket }: Props) {
  const t = useWords();
  const entities = ticket.relatedEntity ?? [];
  // One row per role that occurs: the interface's roles in its order, then others in the service's order.
  const sent = [...new Set(entities.map((entity) => entity.role ?? NO_ROLE))];
  const roles = [...relatedEntityRoles.filter((role) => sent.includes(role)), ...sent.filter((role) => !(relatedEntityRoles as readonly string[]).includes(role))];
  return (
    <ItemsGroup group="entities" items={roles}>
      <SummaryList>
        {roles.map((role) => (
          <Row key={role} label={role === NO_ROLE ? t('detail.noRole') : labelOf(t, 'detail.entityRole', role, relatedEntityRoles)}>
            <ValueList items={entities.filter((entity) => (entity.role ?? NO_ROLE) === role).map((entity) => entityText(entity, t))} />
          </Row>
        ))}
      </SummaryList>
    </ItemsGroup>
  );
}

export function QuestionnaireGroup({ ticket }: Props) {
  const t = useWords();
  const answers = ticket.faultQuestionnaire ?? [];
  return (
    <ItemsGroup group="questionnaire" items={answers}>
      <SummaryList>
        {answers.map((answer, index) => (
          // A question may be answered more than once in a catalogue; the service's order is the key.
          <Row key={index} label={t('detail.question', { id: answer.questionId })}>
            {t('detail.answer', { id: answer.answerId })}
          </Row>
        ))}
      </SummaryList>
    </ItemsGroup>
  );
}
