/** The offline layer's words (marker, new version), added when its lazy chunk loads. */
import { addSection } from '../../lib/i18n/sections';
import { offlineDe } from '../../lib/i18n/sections/offline.de';
import { offlineEn } from '../../lib/i18n/sections/offline.en';

addSection('offline', offlineEn, offlineDe);
