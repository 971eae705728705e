/**
 * A ticket template the desk keeps (issue 41, docs/decisions/2026-11-28-templates-where-they-live.md): a name, the
 * answers a form keeps for the next ticket, who made it and when, and the version of the form it was made with. Not
 * part of the provider's interface: the desk's own record, held by the gateway (gateway mode) or sealed in this
 * browser (direct and demo mode). One schema for the app and the gateway, so both read the same bounds.
 */
import { codePointLength, text } from './common';
import * as z from './zod';

/** Bounds of a template, checked in the app as the agent types and again by the gateway. */
export const templateBounds = {
  /** The name, trimmed, in code points. */
  name: { min: 1, max: 80 },
  /** The answers as JSON, in UTF-8 bytes: a whole wizard's answers take 2 to 6 KiB. */
  answersBytes: 32 * 1024,
  /** A form's version number (the wizard's draft version). */
  formVersion: { min: 1, max: 1000 },
  /** Templates per desk (gateway) or per agent in a browser. */
  count: 200,
  /** A template's id: the gateway's UUID, or the browser's own random id. */
  id: { min: 1, max: 64 },
} as const;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

/** Control characters (line breaks, tabs, NUL…) have no place in a name shown in one line. */
const CONTROL = /\p{Cc}/u;

export const TemplateName = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const length = codePointLength(value);
    const { min, max } = templateBounds.name;
    if (length < min) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: value });
    else if (length > max) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value });
    if (CONTROL.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.templateNameCharacters', input: value });
  });

/** The answers: the form's values by their top-level names, minus what belongs to one ticket only (the caller's). */
export const TemplateAnswers = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  if (byteLength(value) > templateBounds.answersBytes) {
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: templateBounds.answersBytes, inclusive: true, input: value, message: 'validation.templateTooLarge' });
  }
});

const FormVersion = z.number().int().min(templateBounds.formVersion.min).max(templateBounds.formVersion.max);

/** What an agent sends to save a template (POST /gateway/templates, or the browser's own store). */
export const TemplateInput = z.object({ name: TemplateName, formVersion: FormVersion, answers: TemplateAnswers });

/** What an agent sends to rename one (PATCH /gateway/templates/:id). */
export const TemplateRename = z.object({ name: TemplateName });

export const TemplateAuthor = z.object({ subject: text(1, 256), name: text(0, 256) });

/** A stored template, as the gateway answers it and as the browser keeps it. */
export const Template = z.object({
  id: text(templateBounds.id.min, templateBounds.id.max),
  name: TemplateName,
  formVersion: FormVersion,
  answers: TemplateAnswers,
  author: TemplateAuthor,
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /gateway/templates: every template of the desk, by name. */
export const TemplateList = z.object({ templates: z.array(z.unknown()) });

export type TemplateInput = z.infer<typeof TemplateInput>;
export type TemplateRename = z.infer<typeof TemplateRename>;
export type TemplateAuthor = z.infer<typeof TemplateAuthor>;
export type Template = z.infer<typeof Template>;

/** Two names are the same template name when they differ only in case or surrounding spaces. */
export const sameTemplateName = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** A list read tolerantly: a template that does not pass the schema (damaged, or of a later format) is left out. */
export function readTemplates(values: readonly unknown[]): Template[] {
  return values.flatMap((value) => {
    const parsed = Template.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}
