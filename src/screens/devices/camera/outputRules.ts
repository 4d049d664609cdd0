// The client-side check of an alarm output before it is sent (the server answers 400 for the same).
export type OutputProblem = 'name' | 'url' | 'hostPort' | 'topic' | null;

/** An alarm output's target: http takes an http(s) URL, mqtt and kafka a host:port and a topic. */
export function outputProblem(output: { name: string; outputType: 'http' | 'mqtt' | 'kafka'; target: string; topic: string }): OutputProblem {
  if (!output.name.trim()) return 'name';
  if (output.outputType === 'http') return /^https?:\/\/[^\s/]+/i.test(output.target.trim()) ? null : 'url';
  if (!/^[0-9A-Za-z.-]+:\d{1,5}$/.test(output.target.trim())) return 'hostPort';
  return output.topic.trim() ? null : 'topic';
}
