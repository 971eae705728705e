/** zod reads its settings from this global; jitless skips its `new Function` probe, which the CSP refuses (0025). */
// Imported first by src/main.tsx: schemas built before a `z.config()` call would probe already. No zod import here,
// so the first screen stays free of zod (0026).
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
