/** The "Related entities" group (by role: affected product, diagnosis, optional services) and the questionnaire. */
import { useTranslation } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { relatedEntityRoles, type RelatedEntity } from '../../../domain/entity';
import { DetailGroup, NoneRecorded, Row, SummaryList, ValueList } from './detail-parts';

type Props = { ticket: TroubleTicketRead };

function entityText(entity: RelatedEntity, t: ReturnType<typeof useTranslation>['t']): string {
  switch (entity.role) {
    case 'affectedProduct':
      return t('detail.product', { id: entity.entity.id });
    case 'diagnosis':
      return t('detail.productTest', { id: entity.entity.id });
    case 'optionalServices':
      return entity.entity.name;
  }
}

export function EntitiesGroup({ ticket }: Props) {
  const { t } = useTranslation();
  const entities = ticket.relatedEntity ?? [];
  // One row per role that occurs, in the interface's order of roles, each listing its entities.
  const roles = relatedEntityRoles.filter((role) => entities.some((entity) => entity.role === role));
  return (
    <DetailGroup title={t('detail.groups.entities')}>
      {roles.length === 0 ? (
        <NoneRecorded />
      ) : (
        <SummaryList>
          {roles.map((role) => (
            <Row key={role} label={t(`detail.entityRole.${role}`)}>
              <ValueList items={entities.filter((entity) => entity.role === role).map((entity) => entityText(entity, t))} />
            </Row>
          ))}
        </SummaryList>
      )}
    </DetailGroup>
  );
}

export function QuestionnaireGroup({ ticket }: Props) {
  const { t } = useTranslation();
  const answers = ticket.faultQuestionnaire ?? [];
  return (
    <DetailGroup title={t('detail.groups.questionnaire')}>
      {answers.length === 0 ? (
        <NoneRecorded />
      ) : (
        <SummaryList>
          {answers.map((answer, index) => (
            // A question may be answered more than once in a catalogue; the service's order is the key.
            <Row key={index} label={t('detail.question', { id: answer.questionId })}>
              {t('detail.answer', { id: answer.answerId })}
            </Row>
          ))}
        </SummaryList>
      )}
    </DetailGroup>
  );
}
