/** Registers the wizard's words; imported by its modules, so they ship in the wizard's lazy chunk only. */
import { entryDe } from '../../lib/i18n/sections/entry.de';
import { entryEn } from '../../lib/i18n/sections/entry.en';
import { addSection } from '../../lib/i18n/sections';
import '../../lib/i18n/field-words';

addSection('entry', entryEn, entryDe);
