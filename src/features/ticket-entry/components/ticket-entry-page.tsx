/**
 * /tickets/new: the accepted page after a 202, else the wizard. On return to an unfinished ticket the agent chooses
 * "Resume draft" or "Start over"; after a sign-in round trip (401) the draft resumes at once on check answers.
 */
import { useEffect, useState } from 'react';
import { useWords } from '../../../components/form/use-words';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../components/page-heading';
import { useSession } from '../../../lib/session';
import '../entry-section';
import { readDraft, removeDraft, writeDraft, type Draft } from '../model/draft';
import { emptyValues } from '../model/form-values';
import { stepHref } from '../model/step-href';
import { AcceptedPanel } from './accepted-panel';
import { DraftChoice } from './draft-choice';
import { EntryForm, type EntryStart } from './entry-form';

/** What the page opens with: a form to show (fresh, or resumed after signing in), or a draft to ask about. */
type Opening = { start: EntryStart; draft?: Draft } | { start: null; draft: Draft };

function open(userId: string): Opening {
  const draft = readDraft(userId);
  if (!draft) return { start: { values: emptyValues(), fromDraft: false, focusOnMount: false } };
  if (draft.resumeOnReturn) {
    return {
      start: { values: draft.values, fromDraft: true, unconfirmedExternalId: draft.unconfirmedExternalId, focusOnMount: true },
      draft,
    };
  }
  return { start: null, draft };
}

function Wizard() {
  const { userId } = useSession();
  const navigate = useNavigate();
  const [opening] = useState(() => open(userId));
  const [start, setStart] = useState<EntryStart | null>(opening.start);

  // Back from signing in again: the round trip is over, so a later visit asks again instead of resuming silently.
  useEffect(() => {
    const draft = opening.draft;
    if (!opening.start || !draft?.resumeOnReturn) return;
    writeDraft(userId, { step: draft.step, values: draft.values, unconfirmedExternalId: draft.unconfirmedExternalId });
    navigate(stepHref(draft.step), { replace: true });
  }, [navigate, opening, userId]);

  if (!start && opening.draft) {
    const draft = opening.draft;
    return (
      <DraftChoice
        draft={draft}
        onResume={() => {
          setStart({ values: draft.values, fromDraft: true, unconfirmedExternalId: draft.unconfirmedExternalId, focusOnMount: true });
          navigate(stepHref(draft.step), { replace: true });
        }}
        onStartOver={() => {
          removeDraft(userId);
          setStart({ values: emptyValues(), fromDraft: false, focusOnMount: true });
          navigate(stepHref('ticket'), { replace: true });
        }}
      />
    );
  }
  return start ? <EntryForm start={start} userId={userId} /> : null;
}

export function TicketEntryPage() {
  const t = useWords();
  const [params] = useSearchParams();
  const accepted = params.get('accepted');
  return (
    <div className="ticket-entry">
      <PageHeading>{t('page.newTicket')}</PageHeading>
      {accepted !== null ? <AcceptedPanel externalId={accepted} /> : <Wizard />}
    </div>
  );
}
