/**
 * The sign-in interaction (oidc-provider hands the browser to /interaction/:uid when it needs a login): our own form
 * for the test agents, its errors in words, and "Cancel" that returns access_denied to the app.
 */
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContext, Next } from 'oidc-provider';
import { checkPassword } from './accounts';
import { languageOf, loginPage, wordsFor, type LoginErrors } from './pages';

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function interactionRoutes(provider: Provider) {
  return async (ctx: KoaContext, next: Next): Promise<void> => {
    const match = ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, uid = '', action] = match;
    // Pages with passwords are never cached, and never framed by another site.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Frame-Options', 'DENY');
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const language = languageOf(details.params.ui_locales);

    if (action === undefined && ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = loginPage(language, uid, typeof details.params.login_hint === 'string' ? details.params.login_hint : '');
      return;
    }

    if (action === 'abort' && ctx.method === 'GET') {
      const to = await provider.interactionResult(ctx.req, ctx.res, { error: 'access_denied', error_description: 'The agent cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      ctx.status = 303;
      ctx.redirect(to);
      return;
    }

    if (action === 'login' && ctx.method === 'POST') {
      const form = await formOf(ctx.req);
      const username = form.get('username')?.trim() ?? '';
      const password = form.get('password') ?? '';
      const w = wordsFor(language);
      const errors: LoginErrors = {};
      if (!username) errors.username = w.missingUsername;
      if (!password) errors.password = w.missingPassword;
      const agent = username && password ? checkPassword(username, password) : undefined;
      if (username && password && !agent) errors.form = w.wrong;
      if (!agent) {
        // 200 with the form and its errors (as a form page does), not 400: the browser would log a failed load.
        ctx.status = 200;
        ctx.type = 'html';
        ctx.body = loginPage(language, uid, username, errors);
        return;
      }
      const to = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: agent.username } }, { mergeWithLastSubmission: false });
      ctx.status = 303;
      ctx.redirect(to);
      return;
    }

    ctx.status = 405;
    ctx.body = 'Method not allowed';
  };
}
