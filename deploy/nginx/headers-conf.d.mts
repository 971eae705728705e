// Types of headers-conf.mjs, so the deployment test imports it under strict TypeScript.
export declare function nginxHeaders(text: string): string;
export declare const HSTS: string;
