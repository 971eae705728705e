/** Adds the workspace's words (catalogue section `workspace`) with the palette, cheat sheet or settings, when first used. */
import { addSection } from '../../lib/i18n/sections';
import { workspaceDe } from '../../lib/i18n/sections/workspace.de';
import { workspaceEn } from '../../lib/i18n/sections/workspace.en';

addSection('workspace', workspaceEn, workspaceDe);
