// Types of audit.mjs, so its test imports it under strict TypeScript.
export declare const FAILING: string[];
export interface AuditRun {
  stdout: string;
  stderr?: string;
  status: number | null;
}
export interface AuditDecision {
  exitCode: 0 | 1;
  /** Whether npm audit produced a report (false: refused, unreachable or broken). */
  checked: boolean;
  lines: string[];
}
export declare function decide(run: AuditRun, env?: Record<string, string | undefined>): AuditDecision;
