// Prints the people the platform's detector finds in the demo photograph (@vladmandic/human assets/samples.jpg),
// in pixels: where server/media/demoVideo.ts's DEMO_PEOPLE boxes come from (run once; the numbers are written
// there). `node scripts/measure-demo-people.ts`
import { readFileSync } from 'node:fs';
import { closeDetector, detect } from '../server/ml/detector.ts';
import { demoPhotoPath } from '../server/media/demoVideo.ts';

const photo = demoPhotoPath();
if (!photo) throw new Error('the photograph is not installed (npm install)');
const result = await detect(readFileSync(photo), { minScore: 0.5 });
console.log(`${photo}: ${result.width}×${result.height}`);
for (const d of result.detections.filter((d) => d.label === 'person')) {
  const [x1, y1, x2, y2] = [d.box[0] * result.width, d.box[1] * result.height, d.box[2] * result.width, d.box[3] * result.height].map(Math.round);
  console.log(`person ${d.score.toFixed(2)}  { x: ${x1}, y: ${y1}, w: ${x2 - x1}, h: ${y2 - y1} }`);
}
await closeDetector();
