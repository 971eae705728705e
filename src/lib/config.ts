/** Runtime configuration from VITE_* variables, read once. */

const env = import.meta.env;

export const config = {
  /** Base URL of the trouble ticket service; default on the app's own origin (decisions.md "Addresses"). */
  apiBaseUrl: (env.VITE_API_BASE_URL as string | undefined) || '/tmf-api/troubleTicket/v5',
  /** Demo mode: the mocked service runs in the browser and a "demo data" marker is shown. */
  demo: env.VITE_DEMO === 'true',
} as const;

export type Config = typeof config;
