/** Adds the ticket list's words (catalogue section `tickets`) when the list's lazy chunk loads. */
import { addSection } from '../../lib/i18n/sections';
import { ticketsDe } from '../../lib/i18n/sections/tickets.de';
import { ticketsEn } from '../../lib/i18n/sections/tickets.en';

addSection('tickets', ticketsEn, ticketsDe);
