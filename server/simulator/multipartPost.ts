// A multipart/form-data POST for the simulated boxes, built as one buffer and sent over node:http(s) with kept-alive
// connections. The boxes (and the ingest bench's load generator, which shares the machine with the server it
// measures) post hundreds of alarms a second: FormData through fetch cost ~0.5 ms of CPU per post, this ~0.1 ms.
import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface FilePart {
  field: string;
  fileName: string;
  type: string;
  bytes: Buffer;
}

export interface PostAnswer {
  status: number;
  body: string;
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
/** A post without an answer for this long fails (fetch's default waits five minutes for the headers). */
const TIMEOUT_MS = 60_000;

/** Text fields (UTF-8, in order), then the file. The boundary is random and checked to occur in no part. */
export function multipartBody(fields: Record<string, string>, file: FilePart): { body: Buffer; contentType: string } {
  for (;;) {
    const boundary = `----argus-sim-${randomBytes(12).toString('hex')}`;
    const texts = Object.entries(fields);
    if (texts.some(([, value]) => value.includes(boundary)) || file.bytes.includes(boundary)) continue;
    let head = '';
    for (const [name, value] of texts) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }
}

export function postMultipart(url: string, headers: Record<string, string>, fields: Record<string, string>, file: FilePart): Promise<PostAnswer> {
  const { body, contentType } = multipartBody(fields, file);
  const secure = url.startsWith('https:');
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) },
        timeout: TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
