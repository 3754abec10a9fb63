// The AI evaluation bench (issue #11 "Evaluation (bench, not tests)"): runs the built-in provider
// on the reference cases in bench/ai-eval/cases/*.json and reports, per case, key-point recall,
// quote faithfulness, dissent kept and words against the budget; then time and memory for 100 and
// 1,000 synthetic answers next to a floor (wink sentence-splitting the same answers).
// Usage:
//   node bench/ai-eval/run.mjs [--json]
// The provider is TypeScript: this script starts evaluate.mjs under tsx (no build needed) with
// --expose-gc so heap figures are taken after a collection.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, 'evaluate.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: path.join(here, '../..'),
});
child.on('exit', (code) => process.exit(code ?? 1));
