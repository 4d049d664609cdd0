// Takes over the answers the page's first script asked for before the console's code had arrived
// (src/earlyRequests.ts). A request is answered from there only if it is one of those calls, to the same address,
// with the same token and language, without a body, while the page boots, and once; anything else goes out as
// usual. A failed early request is sent again by the caller.
/** What src/earlyRequests.ts hands over. */
export interface EarlyRequests {
  token: string;
  language: string;
  /** performance.now() when they left: answers are taken over only while the page boots. */
  startedAt: number;
  /** config.json as fetched, until the boot takes it (instead of fetching it again). */
  config: Promise<Response> | null;
  /** "METHOD absolute-url" → the answer. */
  answers: Promise<Map<string, Promise<Response>>>;
}

const HANDOFF = '__argusEarlyRequests';
/** After this long the page is past its boot: what was not taken by then is not used. */
const BOOT_WINDOW_MS = 20_000;

type Holder = { [HANDOFF]?: EarlyRequests };

function current(holder: Holder): EarlyRequests | null {
  const early = holder[HANDOFF];
  if (!early) return null;
  if (performance.now() - early.startedAt > BOOT_WINDOW_MS) {
    delete holder[HANDOFF];
    return null;
  }
  return early;
}

/** config.json as the page's first script fetched it, once; null when there is none. */
export function takeEarlyConfig(holder: Holder = globalThis as Holder): Promise<Response> | null {
  const early = current(holder);
  if (!early) return null;
  const config = early.config;
  early.config = null;
  return config;
}

/**
 * The answer to `request` if it was asked for early, else null. `send` sends a request the early answers do not
 * hold (an early call that failed, say).
 */
export function takeEarlyAnswer(request: Request, send: (request: Request) => Promise<Response>, holder: Holder = globalThis as Holder): Promise<Response> | null {
  const early = current(holder);
  if (!early || request.body !== null) return null;
  if (request.headers.get('token') !== early.token || request.headers.get('Accept-Language') !== early.language) return null;
  const key = `${request.method} ${request.url}`;
  return early.answers.then((answers) => {
    const answer = answers.get(key);
    if (!answer) return send(request);
    answers.delete(key);
    if (answers.size === 0) delete holder[HANDOFF];
    return answer.catch(() => send(request));
  });
}
