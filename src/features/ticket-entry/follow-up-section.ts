/** Registers the words of follow-ups and drafts; imported by the pieces the detail page and the overview load. */
import { entryFollowUpDe } from '../../lib/i18n/sections/entry-follow-up.de';
import { entryFollowUpEn } from '../../lib/i18n/sections/entry-follow-up.en';
import { addSection } from '../../lib/i18n/sections';

addSection('followUp', entryFollowUpEn, entryFollowUpDe);
