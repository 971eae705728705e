/**
 * Adds the words of fields and of their checks (`fields.…`, `validation.…`, `rule.…`) to the translator. Imported by
 * every module that names a field or says what is wrong with one (the wizard, the ticket's page, the cancel form, the
 * notifications panel; formatIssue's callers): none is on the first screen, so its catalogue (src/lib/i18n/en.ts)
 * carries none of them (issue 28: the first screen's budget). Both languages at once, as a screen's section (./sections.ts).
 */
import { addWords } from './index';
import { fieldWordsDe } from './sections/fields.de';
import { fieldWordsEn } from './sections/fields.en';

addWords('en', fieldWordsEn);
addWords('de', fieldWordsDe);
