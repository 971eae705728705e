/**
 * Route module (own chunk) for /tickets/bulk, "Many tickets at once": agents only (a viewer gets the read-only
 * notice). It composes the bulk page with what the wizard knows, since features never import each other: a ticket's
 * answers as "Copy as new" takes them, the agent's drafts and the templates, each turned into a create body by the
 * wizard's toBody.
 */
import { useMemo } from 'react';
import { ReadOnlyNotice } from '../../features/auth/components/read-only-notice';
import { BulkEntryPage } from '../../features/bulk-entry/components/bulk-entry-page';
import type { SharedSources } from '../../features/bulk-entry/components/shared-answers';
import { TemplateChoice } from '../../components/templates/template-choice';
import { listDrafts } from '../../features/ticket-entry/model/draft';
import { followUpOf } from '../../features/ticket-entry/model/follow-up';
import { wizardValuesFromTemplate } from '../../features/ticket-entry/model/template-answers';
import { toBody } from '../../features/ticket-entry/model/to-body';
import { useSession } from '../../lib/session';

const sharedOfTicket: SharedSources['sharedOfTicket'] = (ticket) => toBody(followUpOf(ticket, 'copy').values);

function BulkEntry() {
  const { userId } = useSession();
  const sources = useMemo<SharedSources>(
    () => ({
      sharedOfTicket,
      drafts: listDrafts(userId).map((draft) => ({ id: draft.id, savedAt: draft.savedAt, shared: toBody(draft.values) })),
      // The desk's (or this browser's) templates, as "New ticket" offers them; a template's answers as the shared ones.
      templates: (use) => <TemplateChoice level={3} onUse={(template) => use(template.name, toBody(wizardValuesFromTemplate(template.answers).values))} />,
    }),
    [userId],
  );
  return <BulkEntryPage sources={sources} />;
}

export function BulkEntryRoute() {
  return useSession().canWrite ? <BulkEntry /> : <ReadOnlyNotice kind="ticket" />;
}
