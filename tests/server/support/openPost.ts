// A request over a real connection (not inject) whose body goes out in pieces and that can be dropped: to see an
// upload streamed to disk as it arrives, and the server stop its work when the client goes away.
import { request } from 'node:http';

export interface OpenRequest {
  /** Sends the rest of the body and ends the request. */
  finish(rest: Buffer): void;
  /** Drops the connection, as a closed tab or a lost network does. */
  drop(): void;
  answer: Promise<{ status: number; body: string }>;
}

/** A POST over a real connection whose body goes out in pieces: `first` now, the rest when the test says. */
export function openPost(baseUrl: string, path: string, headers: Record<string, string>, length: number, first: Buffer): OpenRequest {
  const req = request(`${baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(length) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(first);
  return {
    finish: (rest) => req.end(rest),
    drop: () => req.destroy(),
    answer,
  };
}
