/**
 * Words for a failure, in the active language: what happened and, when the service said why, its reason. Only words
 * of the catalogue and the service's own reason reach the agent: never an exception's message, a query key or a stack
 * (an unforeseen error is said in general words; its details are for the console, issue 28).
 */
import type { TFunction } from '../lib/i18n/translator';
import { ApiError, NetworkError, ResponseFormatError } from './errors';

export type ErrorDescription = { message: string; detail?: string };

function forStatus(status: number, t: TFunction): string {
  switch (status) {
    case 401:
      return t('apiError.unauthorized');
    case 403:
      return t('apiError.forbidden');
    case 404:
      return t('apiError.notFound');
    case 429:
      return t('apiError.tooManyRequests');
    case 503:
      return t('apiError.unavailable');
    default:
      return status >= 500 ? t('apiError.server', { status }) : t('apiError.refused', { status });
  }
}

/**
 * The same words for a failure kept as data (an outcome, src/domain/create-outcome.ts): `status` absent means no answer
 * when `noAnswer`, else a fault of the app.
 */
export function describeFailure({ status, reason }: { status?: number; reason?: string }, noAnswer: boolean, t: TFunction): ErrorDescription {
  if (status === undefined) return { message: t(noAnswer ? 'apiError.network' : 'apiError.unknown') };
  return { message: forStatus(status, t), ...(reason ? { detail: t('apiError.serviceSaid', { reason }) } : {}) };
}

export function describeError(error: unknown, t: TFunction): ErrorDescription {
  if (error instanceof ApiError) {
    const reason = error.errorMessage?.reason;
    return { message: forStatus(error.status, t), ...(reason ? { detail: t('apiError.serviceSaid', { reason }) } : {}) };
  }
  if (error instanceof NetworkError) return { message: t('apiError.network') };
  if (error instanceof ResponseFormatError) return { message: t('apiError.format') };
  return { message: t('apiError.unknown') };
}
