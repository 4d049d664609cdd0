// Re-creates server/ml/models/mobilenetv2/{mobilenet_v2.json,mobilenet_v2.bin,LICENSE-MIT-nsfwjs.txt} from the npm
// registry: `npm pack` fetches the nsfwjs 4.4.0 tarball (npm checks its published integrity), tar extracts the
// MobileNetV2 files, whose sha256 must equal the ones recorded below. The package ships them as UMD scripts
// (`model.min.js` holds the Keras topology and the weights manifest, `group1-shard1of1.min.js` the base64 weights);
// they are evaluated in an empty vm context (no require, no process) and written out as plain JSON and bytes, whose
// sha256 must equal those in server/ml/features/model.ts. nsfwjs itself is not a dependency of the platform.
// Run: node scripts/vendor-feature-model.ts
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { FEATURE_MODEL_DIR, FEATURE_MODEL_FILES } from '../server/ml/features/model.ts';

const PACKAGE = 'nsfwjs@4.4.0';
const SOURCES = ['package/dist/models/mobilenet_v2/model.min.js', 'package/dist/models/mobilenet_v2/group1-shard1of1.min.js', 'package/LICENSE'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Evaluates one UMD bundle in an empty context and answers what it exports. */
function umdExport(file: string): unknown {
  const sandbox = { module: { exports: {} as unknown }, exports: {} };
  sandbox.exports = sandbox.module.exports as object;
  runInNewContext(readFileSync(file, 'utf8'), sandbox, { timeout: 10_000 });
  return sandbox.module.exports;
}

const work = mkdtempSync(join(tmpdir(), 'argus-features-'));
try {
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { cwd: work, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  if (!tarball) throw new Error('npm pack printed no file name');
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, ...SOURCES]);
  for (const member of SOURCES) console.log(`${member}  ${sha256(readFileSync(join(work, member)))}`);
  const model = umdExport(join(work, 'package/dist/models/mobilenet_v2/model.min.js'));
  const shard = umdExport(join(work, 'package/dist/models/mobilenet_v2/group1-shard1of1.min.js'));
  if (typeof shard !== 'string') throw new Error('the weight shard did not export a base64 string');
  writeFileSync(join(FEATURE_MODEL_DIR, 'mobilenet_v2.json'), JSON.stringify(model));
  writeFileSync(join(FEATURE_MODEL_DIR, 'mobilenet_v2.bin'), Buffer.from(shard, 'base64'));
  copyFileSync(join(work, 'package/LICENSE'), join(FEATURE_MODEL_DIR, 'LICENSE-MIT-nsfwjs.txt'));
  for (const [name, expected] of Object.entries(FEATURE_MODEL_FILES)) {
    const sum = sha256(readFileSync(join(FEATURE_MODEL_DIR, name)));
    if (sum !== expected) throw new Error(`${name}: sha256 ${sum}, expected ${expected}`);
    console.log(`${name}  ${sum}`);
  }
  console.log(`vendored into ${FEATURE_MODEL_DIR}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
