// Fails fast, in one sentence, when the e2e tests would have no Chromium to drive.
import process from 'node:process';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../tools/chromium-path.mjs';

const found = findChromium();
if (!found) {
  process.stderr.write(`${NO_CHROMIUM_MESSAGE}\n`);
  process.exit(1);
}
if (process.env.CHROMIUM_PATH && process.env.CHROMIUM_PATH !== found) {
  // A mistyped CHROMIUM_PATH would otherwise go unnoticed behind the fallback.
  process.stderr.write(`CHROMIUM_PATH (${process.env.CHROMIUM_PATH}) does not exist; using ${found} instead.\n`);
}
