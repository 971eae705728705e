/**
 * "Start from a template": the desk's (or this browser's) templates, each with Use, and for agents Rename and Delete
 * (asked once more: a deleted template cannot be brought back). Shown only when there is a template to offer; once
 * shown it stays, to say what became of the last one. Changes are announced in a status region.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Template } from '../../domain/template';
import { formatDateTime } from '../../lib/format';
import { useWords } from '../../lib/i18n/react';
import { useSession } from '../../lib/session';
import type { TemplateStore } from '../../lib/templates/store';
import { NameField, nameError, problemWords } from './name-field';
import { useTemplates, useTemplateStore } from './use-templates';
import './templates-section';
import './templates.css';

type Mode = { kind: 'idle' } | { kind: 'confirm'; id: string } | { kind: 'rename'; id: string };

type Props = {
  /** The agent chose a template: fill the form with its answers. */
  onUse(template: Template): void;
  /** Heading level of the section's title (2 on "New ticket"). */
  level?: 2 | 3;
  store?: TemplateStore;
};

export function TemplateChoice({ onUse, level = 2, store: given }: Props) {
  const t = useWords();
  const { canWrite } = useSession();
  const store = useTemplateStore(given);
  const { list, rename, remove } = useTemplates(store);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const templates = list.data ?? [];
  const [shown, setShown] = useState(false);
  if (!shown && templates.length > 0) setShown(true);
  if (!shown) return null;

  const Heading = level === 2 ? 'h2' : 'h3';
  const done = (words: string) => {
    setMode({ kind: 'idle' });
    setProblem(undefined);
    setAnnouncement(words);
  };
  const failed = (error: unknown) => setProblem(problemWords(error, t).form ?? problemWords(error, t).field);

  return (
    <section className="template-choice" aria-labelledby="template-choice-title">
      <Heading id="template-choice-title" tabIndex={-1} ref={heading}>
        {t('templates.choose.title')}
      </Heading>
      <p className="form-hint">
        {t('templates.choose.intro')} {store.where === 'desk' ? t('templates.choose.introDesk') : t('templates.choose.introBrowser')}
      </p>
      {canWrite ? null : <p className="form-hint">{t('templates.choose.readOnly')}</p>}
      {problem ? (
        <p role="alert" className="template-problem">
          {problem}
        </p>
      ) : null}
      {templates.length === 0 ? (
        <p>{t('templates.choose.none')}</p>
      ) : (
        <ul className="template-list">
          {templates.map((template) => (
            <TemplateItem
              key={template.id}
              template={template}
              mode={mode}
              canWrite={canWrite}
              onUse={() => {
                setAnnouncement(t('templates.choose.used', { name: template.name }));
                onUse(template);
              }}
              onMode={(next) => {
                setProblem(undefined);
                setMode(next);
              }}
              onRename={(name, fail) =>
                rename.mutate({ id: template.id, name }, { onSuccess: (renamed) => done(t('templates.choose.renamed', { name: renamed.name })), onError: fail })
              }
              onDelete={() =>
                remove.mutate(template, {
                  onSuccess: () => {
                    done(t('templates.choose.deleted', { name: template.name }));
                    // Its row is gone: the section's heading keeps the agent's place.
                    heading.current?.focus();
                  },
                  onError: failed,
                })
              }
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

type ItemProps = {
  template: Template;
  mode: Mode;
  canWrite: boolean;
  onUse(): void;
  onMode(mode: Mode): void;
  onRename(name: string, fail: (error: unknown) => void): void;
  onDelete(): void;
};

function TemplateItem({ template, mode, canWrite, onUse, onMode, onRename, onDelete }: ItemProps) {
  const t = useWords();
  const confirming = mode.kind === 'confirm' && mode.id === template.id;
  const renaming = mode.kind === 'rename' && mode.id === template.id;
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string>();
  const keep = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const was = useRef<Mode['kind']>('idle');
  // The safe choice takes focus when asked; on the way back focus returns to the button the agent came from.
  useLayoutEffect(() => {
    if (confirming) keep.current?.focus();
    else if (renaming) input.current?.focus();
    else if (was.current === 'confirm') deleteButton.current?.focus();
    else if (was.current === 'rename') renameButton.current?.focus();
    was.current = confirming ? 'confirm' : renaming ? 'rename' : 'idle';
  }, [confirming, renaming]);

  const saveName = () => {
    const invalid = nameError(name, t);
    setError(invalid);
    if (invalid) {
      input.current?.focus();
      return;
    }
    onRename(name, (failure) => {
      const words = problemWords(failure, t);
      setError(words.field ?? words.form);
      input.current?.focus();
    });
  };

  const hidden = <span className="visually-hidden">{template.name}</span>;
  const confirmId = `template-${template.id}-confirm`;
  return (
    <li className="template-list__item">
      <div>
        <p className="template-list__name">
          <strong>{template.name}</strong>
        </p>
        <p className="template-list__by">
          {t('templates.choose.by', { name: template.author.name || template.author.subject, when: formatDateTime(template.updatedAt) })}
        </p>
      </div>
      {confirming ? (
        <div className="template-list__buttons" role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>{t('templates.choose.confirm', { name: template.name })}</p>
          <button type="button" className="button" ref={keep} onClick={() => onMode({ kind: 'idle' })}>
            {t('templates.choose.confirmNo')}
          </button>
          <button type="button" className="button button--secondary" onClick={onDelete}>
            {t('templates.choose.confirmYes')}
          </button>
        </div>
      ) : renaming ? (
        <div className="template-list__rename">
          <NameField
            ref={input}
            id={`template-${template.id}-name`}
            label={t('templates.choose.renameLabel', { name: template.name })}
            value={name}
            error={error}
            onChange={setName}
            onSubmit={saveName}
          />
          <div className="template-list__buttons">
            <button type="button" className="button" onClick={saveName}>
              {t('templates.choose.renameSubmit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setName(template.name);
                setError(undefined);
                onMode({ kind: 'idle' });
              }}
            >
              {t('templates.choose.renameCancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="template-list__buttons">
          <button type="button" className="button" onClick={onUse}>
            {t('templates.choose.use')} {hidden}
          </button>
          {canWrite ? (
            <>
              <button type="button" className="button button--secondary" ref={renameButton} onClick={() => onMode({ kind: 'rename', id: template.id })}>
                {t('templates.choose.rename')} {hidden}
              </button>
              <button type="button" className="button button--secondary" ref={deleteButton} onClick={() => onMode({ kind: 'confirm', id: template.id })}>
                {t('templates.choose.delete')} {hidden}
              </button>
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}
