/** Registers the words of every create outcome (both resources); imported by the outcome components, so they ship with them. */
import { addSection } from '../../lib/i18n/sections';
import { outcomesDe } from '../../lib/i18n/sections/outcomes.de';
import { outcomesEn } from '../../lib/i18n/sections/outcomes.en';

addSection('outcomes', outcomesEn, outcomesDe);
