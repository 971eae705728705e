/** Adds the shared list pieces' words (catalogue section `list`) when the first list screen loads them. */
import { addSection } from '../../lib/i18n/sections';
import { listDe } from '../../lib/i18n/sections/list.de';
import { listEn } from '../../lib/i18n/sections/list.en';

addSection('list', listEn, listDe);
