import { STATUS_CODES } from 'node:http';

/** Arabic words for the statuses a provider answers a credential check with; others by their class. */
const arabicWords: Record<number, string> = {
  400: 'طلب غير صالح',
  401: 'غير مصرّح به',
  403: 'ممنوع',
  404: 'غير موجود',
  405: 'طريقة غير مسموحة',
  408: 'انتهت مهلة الطلب',
  422: 'طلب لا يمكن معالجته',
  429: 'طلبات كثيرة جدًا',
};

/**
 * What a provider answered, in words for a person, in English and Arabic: `HTTP 302 Found (a
 * redirect, which is not followed)`. Without a status the provider's answer itself held the error.
 */
export function providerStatusWords(status: number | undefined): { en: string; ar: string } {
  if (status === undefined) return { en: 'with an error instead of an answer', ar: 'بخطأ بدلًا من إجابة' };
  if (status >= 300 && status < 400) {
    return { en: `HTTP ${status} ${STATUS_CODES[status] ?? ''} (a redirect, which is not followed)`, ar: `HTTP ${status} (إعادة توجيه لا تُتَّبع)` };
  }
  return { en: `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim(), ar: `HTTP ${status} (${arabicWords[status] ?? 'رفض الطلب'})` };
}
