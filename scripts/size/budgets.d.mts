// Types of budgets.mjs, so its test imports it under strict TypeScript.
export interface SizeRow {
  path: string;
  gzip: number;
  wizard?: boolean;
  msw?: boolean;
}
export interface SizeResult {
  firstScreenGzip: number;
  floorGzip: number;
  ratio: number;
  rows: SizeRow[];
  mswInFirstScreen: boolean;
  wizardInFirstScreen: boolean;
  mswInBuild: string[];
  /** Files of the build holding oidc-client-ts (measure.mjs); gateway mode must have none. */
  oidcInBuild?: string[];
}
export interface SizeBudgets {
  /** The budget: first screen ÷ the library floor built in the same run (decision 0074); bytes are only shown. */
  ratio: { max: number; goal: number };
  forbid: { wizardInFirstScreen: boolean; mswInFirstScreen: boolean; mswInBuild: boolean };
  gateway: { ratio: { max: number; goal: number } };
}
export interface BudgetRow {
  rule: string;
  figure: string;
  budget: string;
  pass: boolean;
  why: string;
}
export declare function readBudgets(path: string): SizeBudgets;
export declare function checkBudgets(result: SizeResult, budgets: SizeBudgets, file?: string): BudgetRow[];
export declare function checkGatewayBudgets(result: SizeResult, budgets: SizeBudgets, file?: string, direct?: SizeResult): BudgetRow[];
export declare function formatRows(rows: BudgetRow[]): string;
