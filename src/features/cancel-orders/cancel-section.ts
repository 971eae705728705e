/** Registers the `cancel` catalogue section when the cancel-order screens load (it ships in their lazy chunk). */
import { addSection } from '../../lib/i18n/sections';
import { cancelDe } from '../../lib/i18n/sections/cancel.de';
import { cancelEn } from '../../lib/i18n/sections/cancel.en';
import '../../lib/i18n/field-words';

addSection('cancel', cancelEn, cancelDe);
