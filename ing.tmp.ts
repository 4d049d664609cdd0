import { measureAlarmIngest } from './bench/alarmIngest.ts';
console.log(JSON.stringify(await measureAlarmIngest(process.env.PG || undefined)));
