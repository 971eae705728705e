/**
 * /tickets/new: the accepted page after a 202, else the wizard run the address names (docs/decisions/0032):
 * - `?draft=<id>`: that run. A stored draft asks "Resume draft" or "Start over" (unless the overview's Resume or a
 *   sign-in round trip opened it); an unknown id starts an empty run under that id.
 * - `?disputes=<ticket id>` / `?copyOf=<ticket id>`: a new run filled in from that ticket, stored as its own draft.
 * - `?fromOutbox=<run id>`: a ticket taken back from the outbox, as its run's draft again, at check answers.
 * - nothing: a new, empty run; its id goes into the address with the first change (when its draft is born), so a
 *   reload finds that draft. Until then the desk's templates are offered above it: one chosen starts a run of its own,
 *   filled with the template's answers (model/template-answers.ts).
 * - only `step` (`field`, `from`): the run on screen goes on; on arrival, the draft a sign-in round trip left.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { PageHeading } from '../../../components/page-heading';
import { useSession } from '../../../lib/session';
import '../entry-section';
import { draftToResume, isDraftId, newDraftId, readDraft, removeDraft, writeDraft, type Draft } from '../model/draft';
import type { FollowUpKind } from '../model/follow-up';
import { emptyValues } from '../model/form-values';
import { stepHref } from '../model/step-href';
import { isStep } from '../model/steps';
import { AcceptedPanel } from './accepted-panel';
import { DraftChoice } from './draft-choice';
import { EntryForm, type EntryStart } from './entry-form';
import { FollowUpStart } from './follow-up-start';
import { OutboxStart } from './outbox-start';
import { TemplateChoice } from '../../../components/templates/template-choice';
import { TemplateUsed } from '../../../components/templates/template-used';
import type { Template } from '../../../domain/template';
import { wizardValuesFromTemplate } from '../model/template-answers';

type Request =
  | { kind: 'draft'; id: string }
  | { kind: 'fromOutbox'; id: string }
  | { kind: 'followUp'; followUp: FollowUpKind; ticketId: string }
  | { kind: 'new' }
  | { kind: 'same' };

/** What is on screen: a run's form, the question about a stored draft, or a follow-up being filled in. */
type Run =
  | { kind: 'form'; id: string; start: EntryStart; returned?: Draft; template?: { name: string; dropped: string[] } }
  | { kind: 'ask'; draft: Draft }
  | { kind: 'followUp'; followUp: FollowUpKind; ticketId: string }
  | { kind: 'fromOutbox'; id: string };

function requestOf(params: URLSearchParams): Request {
  const draft = params.get('draft');
  if (isDraftId(draft)) return { kind: 'draft', id: draft };
  const fromOutbox = params.get('fromOutbox');
  if (isDraftId(fromOutbox)) return { kind: 'fromOutbox', id: fromOutbox };
  const disputes = params.get('disputes');
  if (disputes) return { kind: 'followUp', followUp: 'dispute', ticketId: disputes };
  const copyOf = params.get('copyOf');
  if (copyOf) return { kind: 'followUp', followUp: 'copy', ticketId: copyOf };
  return [...params.keys()].length === 0 ? { kind: 'new' } : { kind: 'same' };
}

/** The address keys that lead to the run on screen; null for an address that only moves within it. */
function keyOf(request: Request, locationKey: string): string | null {
  switch (request.kind) {
    case 'draft':
      return `draft:${request.id}`;
    case 'fromOutbox':
      return `outbox:${request.id}`;
    case 'followUp':
      return `${request.followUp}:${request.ticketId}`;
    case 'new':
      return `new:${locationKey}`;
    case 'same':
      return null;
  }
}

const resumed = (draft: Draft): EntryStart => ({
  values: draft.values,
  fromDraft: true,
  unconfirmedExternalId: draft.unconfirmedExternalId,
  origin: draft.origin,
  focusOnMount: true,
  serviceErrors: draft.serviceErrors,
});

function fresh(id: string, focusOnMount: boolean): Run {
  return { kind: 'form', id, start: { values: emptyValues(), fromDraft: false, focusOnMount } };
}

function open(userId: string, request: Request, { resume, later }: { resume: boolean; later: boolean }): Run {
  switch (request.kind) {
    case 'followUp':
    case 'fromOutbox':
      return request;
    case 'draft': {
      const draft = readDraft(userId, request.id);
      if (!draft) return fresh(request.id, later);
      if (draft.resumeOnReturn) return { kind: 'form', id: draft.id, start: resumed(draft), returned: draft };
      // From the overview's Resume: another page, whose heading takes focus as after any change of page.
      return resume ? { kind: 'form', id: draft.id, start: { ...resumed(draft), focusOnMount: later } } : { kind: 'ask', draft };
    }
    case 'new':
      return fresh(newDraftId(), later);
    case 'same': {
      const back = draftToResume(userId);
      return back ? { kind: 'form', id: back.id, start: resumed(back), returned: back } : fresh(newDraftId(), later);
    }
  }
}

type Current = { keys: string[]; run: Run; generation: number };

function Wizard() {
  const { userId } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const request = requestOf(params);
  const key = keyOf(request, location.key);
  const resume = (location.state as { resume?: unknown } | null)?.resume === true;
  const [current, setCurrent] = useState<Current>(() => ({
    keys: key ? [key] : [],
    run: open(userId, request, { resume, later: false }),
    generation: 0,
  }));
  const { run } = current;
  const runKeys = run.kind === 'form' ? [...current.keys, `draft:${run.id}`] : current.keys;

  // Another run asked for (a draft from the overview, a follow-up, "New ticket" while in the wizard): open it now,
  // during render, so the old run's form never shows under the new address.
  if (key !== null && !runKeys.includes(key)) {
    setCurrent({ keys: [key], run: open(userId, request, { resume, later: true }), generation: current.generation + 1 });
  }

  // A new run's id goes into the address once its draft exists (the first change), so a reload or the browser's
  // history comes back to this draft; until then the address stays as the agent opened it.
  // Read when the agent first types, not when it renders: the callback stays the same while the agent types.
  const latest = useRef({ params, run });
  useEffect(() => {
    latest.current = { params, run };
  });
  const claimAddress = useCallback(() => {
    const { params: now, run: shown } = latest.current;
    if (shown.kind !== 'form' || now.has('draft')) return;
    const step = now.get('step');
    const field = now.get('field') ?? undefined;
    navigate(stepHref(isStep(step) ? step : 'ticket', { draft: shown.id, field, fromCheck: now.get('from') === 'check' }), { replace: true });
  }, [navigate]);

  // Back from signing in again: the round trip is over, so a later visit asks again instead of resuming silently.
  const returned = run.kind === 'form' ? run.returned : undefined;
  useEffect(() => {
    if (!returned) return;
    const { step: savedStep, values, unconfirmedExternalId, origin } = returned;
    writeDraft(userId, returned.id, { step: savedStep, values, unconfirmedExternalId, origin });
  }, [returned, userId]);

  const show = useCallback(
    (next: Run) => setCurrent((previous) => ({ keys: previous.keys, run: next, generation: previous.generation + 1 })),
    [],
  );
  const ready = useCallback(
    (draft: Pick<Draft, 'id' | 'values' | 'origin'>) => {
      show({ kind: 'form', id: draft.id, start: { values: draft.values, fromDraft: true, origin: draft.origin, focusOnMount: true } });
      navigate(stepHref('ticket', { draft: draft.id }), { replace: true });
    },
    [navigate, show],
  );
  // Back from the outbox: the run's draft again, at check answers (with a refusal's words on its fields).
  const fromOutbox = useCallback(
    (draft: Draft) => {
      show({ kind: 'form', id: draft.id, start: resumed(draft) });
      navigate(stepHref('check', { draft: draft.id }), { replace: true });
    },
    [navigate, show],
  );

  // A template chosen on a new run: a run of its own, its draft stored at once, the template named above the form.
  const fromTemplate = (template: Template) => {
    const { values, dropped } = wizardValuesFromTemplate(template.answers);
    const id = newDraftId();
    writeDraft(userId, id, { step: 'ticket', values });
    show({ kind: 'form', id, start: { values, fromDraft: true, focusOnMount: true }, template: { name: template.name, dropped } });
    navigate(stepHref('ticket', { draft: id }), { replace: true });
  };

  switch (run.kind) {
    case 'fromOutbox':
      return <OutboxStart key={current.generation} id={run.id} onReady={fromOutbox} />;
    case 'followUp':
      return <FollowUpStart key={current.generation} kind={run.followUp} ticketId={run.ticketId} onReady={ready} />;
    case 'ask': {
      const { draft } = run;
      return (
        <DraftChoice
          draft={draft}
          onResume={() => {
            show({ kind: 'form', id: draft.id, start: resumed(draft) });
            navigate(stepHref(draft.step, { draft: draft.id }), { replace: true });
          }}
          onStartOver={() => {
            removeDraft(userId, draft.id);
            const id = newDraftId();
            show({ kind: 'form', id, start: { values: emptyValues(), fromDraft: false, focusOnMount: true } });
            navigate(stepHref('ticket', { draft: id }), { replace: true });
          }}
        />
      );
    }
    case 'form': {
      // Offered on a new, untouched run only: its id is not in the address yet.
      const offerTemplates = !run.start.fromDraft && !run.start.origin && !params.has('draft');
      return (
        <>
          {offerTemplates ? <TemplateChoice onUse={fromTemplate} /> : null}
          {run.template ? <TemplateUsed name={run.template.name} dropped={run.template.dropped} /> : null}
          <EntryForm key={`${run.id}:${current.generation}`} start={run.start} userId={userId} draftId={run.id} onFirstChange={claimAddress} />
        </>
      );
    }
  }
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
