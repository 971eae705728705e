/** Words for a failed request, in the active language: what happened and, when the service said why, its reason. */
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
    default:
      return status >= 500 ? t('apiError.server', { status }) : t('apiError.refused', { status });
  }
}

export function describeError(error: unknown, t: TFunction): ErrorDescription {
  if (error instanceof ApiError) {
    const reason = error.errorMessage?.reason;
    return { message: forStatus(error.status, t), ...(reason ? { detail: t('apiError.serviceSaid', { reason }) } : {}) };
  }
  if (error instanceof NetworkError) return { message: t('apiError.network') };
  if (error instanceof ResponseFormatError) return { message: t('apiError.format') };
  const message = error instanceof Error && error.message ? error.message : String(error);
  return { message: t('apiError.unknown', { message }) };
}
