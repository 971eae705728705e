/** Registers the `auth` catalogue section wherever the sign-in code loads (the gate, the account area, the dialogs). */
import { addSection } from '../../lib/i18n/sections';
import { authDe } from '../../lib/i18n/sections/auth.de';
import { authEn } from '../../lib/i18n/sections/auth.en';

addSection('auth', authEn, authDe);
