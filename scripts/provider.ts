/**
 * `npm run provider -- <action> <ticket> [--path /accessLineId] [--milestone "Techniker vor Ort"] [--mock-api[=URL]]`:
 * the mocked provider acts on one ticket on purpose (scripts/provider-controls.ts), and its events reach the desk.
 * By default it drives the service of a running `npm run dev:gateway` (GATEWAY_PORT, default 4180), with a token of the
 * dev token provider; `--mock-api` drives `MOCK_PROVIDER_CONTROLS=1 npm run mock-api` (default http://127.0.0.1:8787).
 * Development only.
 */
import { act, describeAnswer, providerActions, targetOf, type ActRequest, type ProviderAction } from './provider-controls';

const usage = `Usage: npm run provider -- <action> <ticket> [--path /accessLineId] [--milestone "Techniker vor Ort"] [--mock-api[=URL]]
Actions: ${providerActions.join(', ')}`;

function option(args: string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const [action, ticket] = args.filter((arg, i) => !arg.startsWith('--') && !['--path', '--milestone'].includes(args[i - 1] ?? ''));
  if (!action || !ticket || !providerActions.includes(action as ProviderAction)) {
    console.error(usage);
    return 2;
  }
  const request: ActRequest = { action: action as ProviderAction, ticket, path: option(args, 'path'), milestone: option(args, 'milestone') };
  const answer = await act(targetOf(args, process.env), request);
  console.log(describeAnswer(request, answer));
  return answer.status === 200 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
