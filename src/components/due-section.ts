/** Adds the due badge's words (catalogue section `due`) with the first screen that shows one. */
import { addSection } from '../lib/i18n/sections';
import { dueDe } from '../lib/i18n/sections/due.de';
import { dueEn } from '../lib/i18n/sections/due.en';

addSection('due', dueEn, dueDe);
