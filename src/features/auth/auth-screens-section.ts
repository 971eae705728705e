/**
 * Registers the rest of the `auth` section (sign-in screen, callback, the session's dialogs, the configuration error
 * page) wherever one of those loads: none of them is on a signed-in agent's first screen (decision 0039).
 */
import { addSectionPart } from '../../lib/i18n/sections';
import { authScreensDe } from '../../lib/i18n/sections/auth-screens.de';
import { authScreensEn } from '../../lib/i18n/sections/auth-screens.en';
import './auth-section';

addSectionPart('auth', 'screens', authScreensEn, authScreensDe);
