/** Adds the compact filter bar's words (catalogue section `filterBar`) with the first list that shows the bar. */
import { addSection } from '../../lib/i18n/sections';
import { filterBarDe } from '../../lib/i18n/sections/filter-bar.de';
import { filterBarEn } from '../../lib/i18n/sections/filter-bar.en';

addSection('filterBar', filterBarEn, filterBarDe);
