/** Registers the words of the shared form pieces; imported by each of them, so they load with the screen that uses them. */
import { formDe } from '../../lib/i18n/sections/form.de';
import { formEn } from '../../lib/i18n/sections/form.en';
import { addSection } from '../../lib/i18n/sections';

addSection('form', formEn, formDe);
