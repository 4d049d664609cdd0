// Writes a generated, labelled training zip in the §5 layout:
//   node scripts/make-training-zip.ts [out-dir] [name] [positive] [negative] [seed]
// e.g. `node scripts/make-training-zip.ts . fire_smoke 40 40 1` writes ./fire_smoke.zip (at most 100 images per
// upload: keep positive + negative ≤ 100 for one upload).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { trainingZip } from './trainingDataset.ts';

const [outDir = '.', name = 'fire_smoke', positive = '20', negative = '20', seed = '1'] = process.argv.slice(2);
const counts = [Number(positive), Number(negative), Number(seed)];
if (!/^[A-Za-z0-9_-]{1,64}$/.test(name) || counts.some((n) => !Number.isInteger(n) || n < 0 || n > 1000)) {
  console.error('usage: node scripts/make-training-zip.ts [out-dir] [name: letters, digits, _ or -] [positive 0–1000] [negative 0–1000] [seed]');
  process.exit(2);
}
const file = join(resolve(outDir), `${name}.zip`);
writeFileSync(file, await trainingZip({ name, positive: counts[0]!, negative: counts[1]!, seed: counts[2]! }));
console.log(`${file}: ${counts[0]} positive, ${counts[1]} negative`);
