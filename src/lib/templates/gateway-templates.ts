/**
 * Templates shared by the desk's agents, kept by the gateway (gateway mode): GET/POST /gateway/templates,
 * PATCH/DELETE /gateway/templates/:id (docs/gateway.md). The session cookie goes along; the browser's Origin header is
 * the CSRF check. Answers are read with the domain's schema, a list tolerantly (a template it cannot read is left out).
 */
import { readTemplates, Template, TemplateList, type TemplateInput } from '../../domain/template';
import { TemplateProblem, type TemplateProblemKind } from './problems';
import { byName, type TemplateStore } from './store';

export const TEMPLATES_PATH = '/gateway/templates';

async function problemOf(response: Response): Promise<TemplateProblem> {
  let code: unknown;
  try {
    code = ((await response.json()) as { code?: unknown } | null)?.code;
  } catch {
    code = undefined;
  }
  const kind: TemplateProblemKind =
    response.status === 401
      ? 'signedOut'
      : response.status === 403
        ? 'forbidden'
        : response.status === 404
          ? 'notFound'
          : response.status === 413
            ? 'tooLarge'
            : response.status === 409
              ? code === 'tooManyTemplates'
                ? 'tooMany'
                : 'nameTaken'
              : response.status === 400
                ? 'invalid'
                : 'unavailable';
  return new TemplateProblem(kind, `The desk gateway answered ${response.status} (${String(code ?? 'no code')}) about templates.`);
}

export function gatewayTemplates(fetcher: typeof fetch = (...args) => fetch(...args)): TemplateStore {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    let response: Response;
    try {
      response = await fetcher(path, {
        ...init,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      });
    } catch {
      throw new TemplateProblem('unavailable', 'The desk gateway could not be reached.');
    }
    if (!response.ok) throw await problemOf(response);
    return response;
  };
  const one = async (response: Response): Promise<Template> => {
    const parsed = Template.safeParse(await response.json());
    if (!parsed.success) throw new TemplateProblem('unavailable', 'The desk gateway answered a template that cannot be read.');
    return parsed.data;
  };
  const at = (id: string) => `${TEMPLATES_PATH}/${encodeURIComponent(id)}`;
  return {
    where: 'desk',
    async list() {
      const parsed = TemplateList.safeParse(await (await call(TEMPLATES_PATH)).json());
      if (!parsed.success) throw new TemplateProblem('unavailable', 'The desk gateway answered a list of templates that cannot be read.');
      return readTemplates(parsed.data.templates).sort(byName);
    },
    save: async (input: TemplateInput) => one(await call(TEMPLATES_PATH, { method: 'POST', body: JSON.stringify(input) })),
    rename: async (id, name) => one(await call(at(id), { method: 'PATCH', body: JSON.stringify({ name }) })),
    async remove(id) {
      await call(at(id), { method: 'DELETE' });
    },
  };
}
