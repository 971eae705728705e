// Types of steps-table.mjs, for its test under strict TypeScript.
export declare function formatDuration(ms: number): string;
export declare function parseGroups(args: string[]): string[][];
export declare function stepTable(done: { step: string; ms: number; ok: boolean }[], skipped?: string[], wallMs?: number): string;
