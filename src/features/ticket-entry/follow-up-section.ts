/** Registers the words of follow-ups and drafts; imported by the pieces the detail page and the overview load. */
import { followUpDe } from '../../lib/i18n/sections/follow-up.de';
import { followUpEn } from '../../lib/i18n/sections/follow-up.en';
import { addSection } from '../../lib/i18n/sections';
import '../../lib/i18n/field-words';

addSection('followUp', followUpEn, followUpDe);
