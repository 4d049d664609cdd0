// `node scripts/gen-alarm-sound.ts`: writes public/audio/alarm.wav, the alarm sound the console plays by default
// (system config audioUrl). It is synthesised here (src/domain/alarmTone.ts), so it is reproducible and free of any
// recording's licence; tests/unit/alarmTone.test.ts checks the committed file is what this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { alarmToneWav } from '../src/domain/alarmTone.ts';

const target = join(import.meta.dirname, '..', 'public', 'audio', 'alarm.wav');
mkdirSync(dirname(target), { recursive: true });
const bytes = alarmToneWav();
writeFileSync(target, bytes);
console.log(`wrote ${target} (${bytes.length} bytes)`);
