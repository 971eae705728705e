// Types of chromium-path.mjs, so playwright.config.ts and its test import it under strict TypeScript.
export declare const DEBIAN_CHROMIUM: string;
export declare const NO_CHROMIUM_MESSAGE: string;
export interface FindChromiumOptions {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  playwrightPath?: () => string | undefined;
}
export declare function findChromium(options?: FindChromiumOptions): string | undefined;
