/**
 * Templates kept in this browser for one agent (direct and demo mode): one value in localStorage under
 * `user.<agent>.ticket-templates`, sealed with the agent's key as the drafts are (src/lib/crypto-store.ts, decision
 * 0054): `sealed1:<saved at, ms>:<AES-GCM ciphertext>`. Sign-out removes it (`forgetTemplates`, called with the
 * drafts' forgetting) and deletes the key, so nothing of the agent's is left readable on a shared desk PC.
 */
import { readTemplates, sameTemplateName, Template, templateBounds, TemplateInput, TemplateRename, type TemplateAuthor } from '../../domain/template';
import { readPreference, removePreference, writePreference } from '../storage';
import { signedOutHere, templatesKey as keyOf } from './forget-templates';
import { TemplateProblem } from './problems';
import { byName, type TemplateStore } from './store';

const SEALED = 'sealed1:';
const loadCrypto = () => import('../crypto-store');


async function readAll(userId: string): Promise<Template[]> {
  const raw = readPreference(keyOf(userId));
  if (raw === null || !raw.startsWith(SEALED) || signedOutHere(userId)) return [];
  const payload = raw.slice(raw.indexOf(':', SEALED.length) + 1);
  const { unsealText, SealedDataUnreadable } = await loadCrypto();
  let json: string;
  try {
    json = await unsealText(userId, payload);
  } catch (error) {
    // Sealed under a key that is gone (a sign-out elsewhere): nobody can read it any more.
    if (error instanceof SealedDataUnreadable) {
      removePreference(keyOf(userId));
      return [];
    }
    throw new TemplateProblem('unavailable', 'This browser’s key store could not be opened.');
  }
  let values: unknown;
  try {
    values = JSON.parse(json);
  } catch {
    values = [];
  }
  return readTemplates(Array.isArray(values) ? values : []);
}

async function writeAll(userId: string, templates: Template[]): Promise<void> {
  if (signedOutHere(userId)) throw new TemplateProblem('signedOut', 'Signed out in this page.');
  const { sealToText } = await loadCrypto();
  let sealed: string;
  try {
    sealed = await sealToText(userId, JSON.stringify(templates));
  } catch {
    throw new TemplateProblem('unavailable', 'This browser’s key store could not be opened.');
  }
  if (signedOutHere(userId)) throw new TemplateProblem('signedOut', 'Signed out in this page.');
  if (!writePreference(keyOf(userId), `${SEALED}${Date.now()}:${sealed}`)) throw new TemplateProblem('unavailable', 'This browser would not keep the template (storage blocked or full).');
}

const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** One agent's templates in this browser. Every change reads, changes and seals the whole list again. */
export function localTemplates(userId: string, author: TemplateAuthor, now: () => Date = () => new Date()): TemplateStore {
  const checked = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const tooLarge = parsed.error.issues.some((issue) => issue.message === 'validation.templateTooLarge');
    throw new TemplateProblem(tooLarge ? 'tooLarge' : 'invalid');
  };
  return {
    where: 'browser',
    list: async () => (await readAll(userId)).sort(byName),
    async save(input) {
      const { name, formVersion, answers } = checked(TemplateInput, input);
      const all = await readAll(userId);
      if (all.some((template) => sameTemplateName(template.name, name))) throw new TemplateProblem('nameTaken');
      if (all.length >= templateBounds.count) throw new TemplateProblem('tooMany');
      const at = now().toISOString();
      const template: Template = { id: newId(), name, formVersion, answers, author, createdAt: at, updatedAt: at };
      await writeAll(userId, [...all, template]);
      return template;
    },
    async rename(id, newName) {
      const { name } = checked(TemplateRename, { name: newName });
      const all = await readAll(userId);
      const found = all.find((template) => template.id === id);
      if (!found) throw new TemplateProblem('notFound');
      if (all.some((template) => template.id !== id && sameTemplateName(template.name, name))) throw new TemplateProblem('nameTaken');
      const renamed: Template = { ...found, name, updatedAt: now().toISOString() };
      await writeAll(userId, all.map((template) => (template.id === id ? renamed : template)));
      return renamed;
    },
    async remove(id) {
      const all = await readAll(userId);
      if (!all.some((template) => template.id === id)) throw new TemplateProblem('notFound');
      await writeAll(userId, all.filter((template) => template.id !== id));
    },
  };
}
