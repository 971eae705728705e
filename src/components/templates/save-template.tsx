/**
 * "Save as template": asks for a name (a labelled field, its error inline) and keeps the form's answers as a template
 * of the desk (gateway mode) or of this browser. Not a <form>: it sits inside the wizard's own form. Agents only.
 */
import { useRef, useState } from 'react';
import { templateBounds } from '../../domain/template';
import { useWords } from '../../lib/i18n/react';
import { useSession } from '../../lib/session';
import type { TemplateStore } from '../../lib/templates/store';
import { Checkbox } from '../form/checkbox';
import { NameField, nameError, problemWords } from './name-field';
import { useTemplates, useTemplateStore } from './use-templates';
import './templates-section';
import './templates.css';

type Props = {
  /**
   * The answers to keep, read when the agent saves (the caller leaves out what belongs to one ticket); `keep` is the
   * agent's answer to `keepOption`.
   */
  answers(keep: boolean): Record<string, unknown>;
  /** A checkbox for keeping something a template leaves out by default (the wizard: the location contact). */
  keepOption?: { label: string; hint?: string };
  /** The version of the form the answers belong to. */
  formVersion: number;
  /** Element ids start with it (two on one page stay apart). */
  idPrefix?: string;
  store?: TemplateStore;
};

export function SaveTemplate({ answers, keepOption, formVersion, idPrefix = 'template-save', store: given }: Props) {
  const t = useWords();
  const { canWrite } = useSession();
  const store = useTemplateStore(given);
  const { save } = useTemplates(store, false);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [keep, setKeep] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  if (!canWrite) return null;

  const close = () => {
    setOpen(false);
    setName('');
    setKeep(false);
    setFieldError(undefined);
    setFormError(undefined);
    // Back where the agent started; after the render that shows the button again.
    requestAnimationFrame(() => opener.current?.focus());
  };

  const submit = () => {
    if (save.isPending) return;
    const invalid = nameError(name, t);
    setFieldError(invalid);
    setFormError(undefined);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setAnnouncement(t('templates.save.saving'));
    save.mutate(
      { name, formVersion, answers: answers(keep) },
      {
        onSuccess: (template) => {
          const where = store.where === 'desk' ? t('templates.save.whereDesk') : t('templates.save.whereBrowser');
          setAnnouncement(`${t('templates.save.saved', { name: template.name })} ${where}`);
          close();
        },
        onError: (error) => {
          const words = problemWords(error, t);
          setFieldError(words.field);
          setFormError(words.form);
          setAnnouncement('');
          if (words.field) input.current?.focus();
        },
      },
    );
  };

  const titleId = `${idPrefix}-title`;
  return (
    <div className="template-save">
      {open ? (
        <div role="group" aria-labelledby={titleId} className="template-save__panel">
          <h3 id={titleId}>{t('templates.save.title')}</h3>
          <p className="form-hint">{t('templates.save.hint')}</p>
          {formError ? (
            <p role="alert" className="template-problem">
              {formError}
            </p>
          ) : null}
          <NameField
            ref={input}
            id={`${idPrefix}-name`}
            label={t('templates.save.nameLabel')}
            hint={t('templates.save.nameHint', { max: templateBounds.name.max })}
            value={name}
            error={fieldError}
            onChange={setName}
            onSubmit={submit}
          />
          {keepOption ? (
            <div className="form-group form-checkboxes">
              <Checkbox
                name={`${idPrefix}-keep`}
                label={keepOption.label}
                hint={keepOption.hint}
                checked={keep}
                onChange={(event) => setKeep(event.target.checked)}
              />
            </div>
          ) : null}
          <div className="entry-buttons">
            <button type="button" className="button" onClick={submit} aria-disabled={save.isPending || undefined}>
              {t('templates.save.submit')}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              {t('templates.save.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          ref={opener}
          className="button button--secondary"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            setAnnouncement('');
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          {t('templates.save.open')}
        </button>
      )}
      <p role="status" className="template-status">
        {announcement}
      </p>
    </div>
  );
}
