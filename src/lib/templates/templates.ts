/**
 * The templates of the signed-in agent's desk: the gateway's (gateway mode, shared by the desk's agents) or this
 * browser's (direct and demo mode, sealed). The app's mode is decided at build time (src/lib/config.ts).
 */
import { config } from '../config';
import type { Session } from '../session';
import { gatewayTemplates } from './gateway-templates';
import { localTemplates } from './local-templates';
import type { TemplateStore } from './store';

export const templateKeys = { all: ['templates'] as const };

export function templateStoreFor(session: Pick<Session, 'userId' | 'displayName'>, mode = config.authMode): TemplateStore {
  return mode === 'gateway' ? gatewayTemplates() : localTemplates(session.userId, { subject: session.userId, name: session.displayName });
}
