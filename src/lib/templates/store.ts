/** The one client API of templates, over the gateway (gateway mode) or this browser (direct and demo mode). */
import type { Template, TemplateInput } from '../../domain/template';

export type TemplateStore = {
  /** Where the templates live: shared by the desk's agents, or kept in this browser for this agent. */
  where: 'desk' | 'browser';
  /** Every template, by name. */
  list(): Promise<Template[]>;
  /** Rejects with a TemplateProblem (nameTaken, tooMany, tooLarge, invalid, forbidden, signedOut, unavailable). */
  save(input: TemplateInput): Promise<Template>;
  rename(id: string, name: string): Promise<Template>;
  remove(id: string): Promise<void>;
};

export const byName = (a: Template, b: Template) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);
