/** Registers the templates' words; imported by the template components, so they load with the screen that uses them. */
import { templatesDe } from '../../lib/i18n/sections/templates.de';
import { templatesEn } from '../../lib/i18n/sections/templates.en';
import { addSection } from '../../lib/i18n/sections';

addSection('templates', templatesEn, templatesDe);
