/**
 * The shared answers every line gets: copied from a ticket (as "Copy as new" takes them) or from a draft, shown, with
 * the express resolution and the description to change here. Templates (issue 41 point 2) plug into `templates`.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../api/api-context';
import type { TroubleTicketRead } from '../../../api/read-models';
import * as ticketQueries from '../../../api/ticket-queries';
import { ErrorPanel } from '../../../components/error-panel';
import { Select } from '../../../components/form/select';
import { TextArea } from '../../../components/form/text-area';
import { TextInput } from '../../../components/form/text-input';
import { ticketField, maxLengthOf } from '../../../domain/ticket-fields';
import { formatDateTime } from '../../../lib/format';
import { wordsOrValue } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import '../../../lib/i18n/field-words';
import type { SharedAnswers } from '../model/check';
import '../bulk-section';

export type SharedDraft = { id: string; savedAt: string; shared: SharedAnswers };

export type SharedSources = {
  /** A ticket's answers as "Copy as new" takes them, as a create body (the app composes the wizard's copy). */
  sharedOfTicket(ticket: TroubleTicketRead): SharedAnswers;
  /** The agent's drafts of the wizard, each as a create body. */
  drafts: readonly SharedDraft[];
  /** The template chooser (issue 41 point 2): `use` takes a chosen template's answers as the shared ones. */
  templates?(use: (name: string, shared: SharedAnswers) => void): ReactNode;
};

type Json = Record<string, unknown>;
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function partyName(party: Json): string {
  const who = (party.partyOrPartyRole ?? {}) as Json;
  return textOf(who.name) || [textOf(who.givenName), textOf(who.familyName)].filter(Boolean).join(' ');
}

/** What the shared answers hold, in a list the agent can read before sending. */
function Summary({ shared }: { shared: SharedAnswers }) {
  const t = useWords();
  const agreements = listOf(shared.agreement).map((agreement) => textOf(agreement.name) || textOf(agreement.id)).filter(Boolean);
  const contacts = listOf(shared.relatedParty).map(partyName).filter(Boolean);
  const answers = listOf(shared.faultQuestionnaire).length;
  return (
    <dl className="bulk-shared__summary">
      <dt>{t('bulk.shared.agreement')}</dt>
      <dd>{agreements.join(', ') || t('bulk.shared.notGiven')}</dd>
      <dt>{t('bulk.shared.contacts')}</dt>
      <dd>{contacts.join(', ') || t('bulk.shared.notGiven')}</dd>
      <dt>{t('bulk.shared.questionnaire')}</dt>
      <dd>{answers ? t('bulk.shared.questionnaireAnswers', { count: answers }) : t('bulk.shared.notGiven')}</dd>
    </dl>
  );
}

/** The answers to change here: express resolution and description ('' leaves them out). */
export function withChanges(shared: SharedAnswers, changes: { expressFaultResolution: string; description: string }): SharedAnswers {
  const { expressFaultResolution: _express, description: _description, ...rest } = shared;
  return {
    ...rest,
    ...(changes.expressFaultResolution ? { expressFaultResolution: changes.expressFaultResolution } : {}),
    ...(changes.description ? { description: changes.description } : {}),
  };
}

function Changes({ shared, onChange }: { shared: SharedAnswers; onChange(next: SharedAnswers): void }) {
  const t = useWords();
  const [changes, setChanges] = useState({ expressFaultResolution: textOf(shared.expressFaultResolution), description: textOf(shared.description) });
  const change = (next: typeof changes) => {
    setChanges(next);
    onChange(withChanges(shared, next));
  };
  const options = (ticketField('expressFaultResolution').options ?? []).map((value) => ({ value, label: wordsOrValue(t, 'fieldValues.expressFaultResolution', value) }));
  return (
    <>
      <Select
        name="bulk-expressFaultResolution"
        label={t('fields.expressFaultResolution')}
        optional
        emptyOption={t('bulk.shared.notGiven')}
        options={options}
        value={changes.expressFaultResolution}
        onChange={(event) => change({ ...changes, expressFaultResolution: event.target.value })}
      />
      <TextArea
        name="bulk-description"
        label={t('fields.description')}
        optional
        maxLength={maxLengthOf('description')}
        value={changes.description}
        onChange={(event) => change({ ...changes, description: event.target.value })}
      />
    </>
  );
}

function FromTicket({ id, sources, onShared }: { id: string; sources: SharedSources; onShared(shared: SharedAnswers): void }) {
  const t = useWords();
  // Read once: a refetch of the ticket must not undo the agent's changes below.
  const query = useQuery({ ...ticketQueries.detail(useApi(), id), staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false });
  const { data } = query;
  const shared = useMemo(() => (data ? sources.sharedOfTicket(data) : undefined), [data, sources]);
  useEffect(() => {
    if (shared) onShared(shared);
  }, [onShared, shared]);
  if (query.isError && !query.data) {
    return <ErrorPanel title={t('bulk.shared.loadFailed', { id })} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  if (!shared) {
    // The answers' own layout held, invisible and inert, under the progress message: the lines below do not move when
    // the ticket arrives (the screen inventory's layout-shift check, on a phone where the two stack).
    return (
      <div className="query-section__pending">
        <p role="status">{t('bulk.shared.loading', { id })}</p>
        <div className="query-section__reserve" aria-hidden="true" inert>
          <p>{t('bulk.shared.copiedFrom', { id })}</p>
          <Summary shared={{}} />
          <Changes shared={{}} onChange={() => undefined} />
        </div>
      </div>
    );
  }
  return (
    <>
      <p>{t('bulk.shared.copiedFrom', { id })}</p>
      <Summary shared={shared} />
      <Changes key={id} shared={shared} onChange={onShared} />
    </>
  );
}

function Choose({ sources, onTemplate }: { sources: SharedSources; onTemplate(name: string, shared: SharedAnswers): void }) {
  const t = useWords();
  const [, setParams] = useSearchParams();
  const [ticketId, setTicketId] = useState('');
  return (
    <>
      <p>{t('bulk.shared.none')}</p>
      {sources.templates?.(onTemplate)}
      <form
        className="bulk-shared__from"
        onSubmit={(event) => {
          event.preventDefault();
          if (ticketId.trim()) setParams({ from: ticketId.trim() });
        }}
      >
        <TextInput
          name="bulk-from"
          label={t('bulk.shared.fromTicket')}
          hint={t('bulk.shared.fromTicketHint')}
          width={20}
          value={ticketId}
          onChange={(event) => setTicketId(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          {t('bulk.shared.use')}
        </button>
      </form>
      {sources.drafts.length > 0 ? (
        <>
          <h3>{t('bulk.shared.fromDraft')}</h3>
          <ul>
            {sources.drafts.map((draft) => (
              <li key={draft.id}>
                <Link to={`/tickets/bulk?draft=${encodeURIComponent(draft.id)}`}>{t('bulk.shared.draft', { time: formatDateTime(draft.savedAt) })}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function Taken({ shared, words, onShared }: { shared: SharedAnswers; words: string; onShared(shared: SharedAnswers): void }) {
  const taken = shared;
  useEffect(() => onShared(taken), [onShared, taken]);
  return (
    <>
      <p>{words}</p>
      <Summary shared={taken} />
      <Changes shared={taken} onChange={onShared} />
    </>
  );
}

export function SharedAnswersSection({ sources, onShared }: { sources: SharedSources; onShared(shared: SharedAnswers | undefined): void }) {
  const t = useWords();
  const [params] = useSearchParams();
  const from = params.get('from');
  const draft = sources.drafts.find((candidate) => candidate.id === params.get('draft'));
  const [template, setTemplate] = useState<{ name: string; shared: SharedAnswers } | undefined>(undefined);
  const onTemplate = useCallback((name: string, shared: SharedAnswers) => setTemplate({ name, shared }), []);
  let taken: ReactNode;
  if (from) taken = <FromTicket key={from} id={from} sources={sources} onShared={onShared} />;
  else if (draft) taken = <Taken key={draft.id} shared={draft.shared} words={t('bulk.shared.fromDraftDone')} onShared={onShared} />;
  else if (template) taken = <Taken key={template.name} shared={template.shared} words={t('bulk.shared.fromTemplate', { name: template.name })} onShared={onShared} />;
  return (
    <section className="stack bulk-shared" aria-labelledby="bulk-shared-title">
      <h2 id="bulk-shared-title">{t('bulk.shared.title')}</h2>
      <p>{t('bulk.shared.intro')}</p>
      {taken ?? <Choose sources={sources} onTemplate={onTemplate} />}
      {taken ? (
        <p>
          <Link
            to="/tickets/bulk"
            onClick={() => {
              setTemplate(undefined);
              onShared(undefined);
            }}
          >
            {t('bulk.shared.other')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
