/** A draft in words, for the list of unsent tickets and "Resume draft": what it is (new, dispute of, copy of) and its answers. */
import type { TFunction } from '../../../lib/i18n/translator';
import type { Draft } from '../model/draft';

export function draftKind(draft: Pick<Draft, 'origin'>, t: TFunction): string {
  const { origin } = draft;
  if (!origin) return t('followUp.drafts.kind.new');
  return origin.kind === 'dispute'
    ? t('followUp.drafts.kind.dispute', { id: origin.ticketId })
    : t('followUp.drafts.kind.copy', { id: origin.ticketId });
}

/** "Fault, EXT-0001": the type chosen and the external id typed so far. */
export function draftAnswers(draft: Pick<Draft, 'values'>, t: TFunction): string {
  const { ticketType, externalIdentifier } = draft.values;
  return t('followUp.drafts.what', {
    type: ticketType ? t(`ticketType.${ticketType}`) : t('followUp.drafts.noType'),
    externalId: externalIdentifier[0]?.id || t('followUp.drafts.noId'),
  });
}
