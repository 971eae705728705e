/** The outbox's words, added when its code loads (lazily: never on the first screen). */
import { addSection } from '../../lib/i18n/sections';
import { outboxDe } from '../../lib/i18n/sections/outbox.de';
import { outboxEn } from '../../lib/i18n/sections/outbox.en';

addSection('outbox', outboxEn, outboxDe);
