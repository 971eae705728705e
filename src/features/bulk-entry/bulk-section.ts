/** The bulk page's words, added when its code loads (never on the first screen). */
import { addSection } from '../../lib/i18n/sections';
import { bulkDe } from '../../lib/i18n/sections/bulk.de';
import { bulkEn } from '../../lib/i18n/sections/bulk.en';

addSection('bulk', bulkEn, bulkDe);
