/**
 * Registers the first screen's part of the `auth` catalogue section (the sign-in check, the account area): English
 * here, German fetched only when German is used (decision 0039). The rest comes with ./auth-screens-section.
 */
import { addSectionGermanLater } from '../../lib/i18n/sections';
import { authEn } from '../../lib/i18n/sections/auth.en';

addSectionGermanLater('auth', authEn, async () => (await import('../../lib/i18n/sections/auth.de')).authDe);
