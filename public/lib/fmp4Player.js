// ArgusFmp4Player: plays a fragmented-MP4 stream (an alarm clip, a camera's live fmp4 feed) in a <video> through
// Media Source Extensions: the response is read as it arrives and appended fragment by fragment, so playback
// starts before the download ends. Loaded from the app's root path: <script src="/lib/fmp4Player.js">.
//
//   const player = new ArgusFmp4Player(videoElement, { mimeCodec: 'video/mp4; codecs="avc1.64001f"' });
//   player.onError = (error) => …;   await player.play('/files/clip.mp4');   player.stop();
//
// Live mode ({ live: true }): the stream does not end while the camera streams. The player starts at the first
// fragment it gets, keeps the playhead near the live edge (it jumps forward when more than `maxLatency` seconds
// behind, or over a gap the server left when it skipped this viewer to the next keyframe), keeps only a few
// seconds behind the playhead, and calls onEnd when the server ends the stream. The codec is the answer's
// X-Live-Codec header when it has one, else `mimeCodec`.
(() => {
  const DEFAULT_CODEC = 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"';
  /** Seconds of played media kept behind the playhead (older data is removed so live streams do not grow). */
  const KEEP_BEHIND = 30;
  const LIVE_KEEP_BEHIND = 6;
  /** Live: how far behind the newest frame the playhead may fall before it jumps, and where it lands. */
  const MAX_LATENCY = 1.0;
  const LIVE_TARGET = 0.3;
  const LIVE_CHECK_MS = 250;

  class ArgusFmp4Player {
    constructor(video, options = {}) {
      this.video = video;
      this.mimeCodec = options.mimeCodec || DEFAULT_CODEC;
      this.live = options.live === true;
      this.maxLatency = options.maxLatency || MAX_LATENCY;
      this.onError = options.onError || (() => {});
      this.onEnd = options.onEnd || (() => {});
      this.abort = null;
      this.objectUrl = null;
      this.liveTimer = null;
      /** Live: seconds the playhead was moved forward in all (the catch-ups), for whoever measures. */
      this.skipped = 0;
    }

    static isSupported(mimeCodec = DEFAULT_CODEC) {
      return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mimeCodec);
    }

    async play(url) {
      this.stop();
      if (!this.live && !ArgusFmp4Player.isSupported(this.mimeCodec)) {
        this.onError(new Error(`This browser cannot play ${this.mimeCodec}`));
        return;
      }
      const controller = new AbortController();
      this.abort = controller;
      const source = new MediaSource();
      this.objectUrl = URL.createObjectURL(source);
      this.video.src = this.objectUrl;
      try {
        await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
        const response = await fetch(url, { signal: controller.signal, credentials: 'include' });
        if (!response.ok || !response.body) {
          // A refusal is the API's envelope: its message says why.
          const envelope = await response.json().catch(() => null);
          const message = envelope && typeof envelope.msg === 'string' ? envelope.msg : `HTTP ${response.status} for ${url}`;
          throw Object.assign(new Error(message), { status: response.status });
        }
        const liveCodec = this.live ? response.headers.get('x-live-codec') : null;
        const mimeCodec = liveCodec ? `video/mp4; codecs="${liveCodec}"` : this.mimeCodec;
        if (!ArgusFmp4Player.isSupported(mimeCodec)) throw new Error(`This browser cannot play ${mimeCodec}`);
        const buffer = source.addSourceBuffer(mimeCodec);
        buffer.mode = 'segments';
        const reader = response.body.getReader();
        this.video.play().catch(() => {}); // autoplay may be refused; the controls remain
        if (this.live) this.liveTimer = setInterval(() => this.keepLive(buffer), LIVE_CHECK_MS);
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await this.append(buffer, value);
          if (this.live) this.keepLive(buffer);
          await this.trim(buffer);
        }
        if (source.readyState === 'open') source.endOfStream();
        if (this.live) {
          clearInterval(this.liveTimer);
          this.liveTimer = null;
          this.onEnd();
        }
      } catch (error) {
        if (error && error.name === 'AbortError') return;
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
    }

    append(buffer, chunk) {
      return new Promise((resolve, reject) => {
        const done = () => {
          buffer.removeEventListener('error', failed);
          resolve();
        };
        const failed = () => {
          buffer.removeEventListener('updateend', done);
          reject(new Error('The stream could not be decoded'));
        };
        buffer.addEventListener('updateend', done, { once: true });
        buffer.addEventListener('error', failed, { once: true });
        buffer.appendBuffer(chunk);
      });
    }

    /** Live: the playhead inside the newest data, never more than maxLatency behind its end. */
    keepLive(buffer) {
      const ranges = buffer.buffered;
      if (ranges.length === 0 || buffer.updating) return;
      const end = ranges.end(ranges.length - 1);
      const now = this.video.currentTime;
      const inRange = (() => {
        for (let i = 0; i < ranges.length; i++) if (now >= ranges.start(i) && now <= ranges.end(i)) return i;
        return -1;
      })();
      // Behind the live edge, or stuck in a gap (before a later range): jump to just before the newest frame.
      if (end - now > this.maxLatency || (inRange === -1 && now < end)) {
        const target = Math.max(ranges.start(ranges.length - 1), end - LIVE_TARGET);
        this.skipped += Math.max(0, target - now);
        this.video.currentTime = target;
        if (this.video.paused) this.video.play().catch(() => {});
      }
    }

    /** Removes what is well behind the playhead; resolves once the buffer can take the next append. */
    trim(buffer) {
      const before = this.video.currentTime - (this.live ? LIVE_KEEP_BEHIND : KEEP_BEHIND);
      if (before <= 0 || buffer.buffered.length === 0 || buffer.buffered.start(0) >= before || buffer.updating) return Promise.resolve();
      return new Promise((resolve) => {
        buffer.addEventListener('updateend', () => resolve(), { once: true });
        buffer.remove(0, before);
      });
    }

    stop() {
      if (this.abort) this.abort.abort();
      this.abort = null;
      if (this.liveTimer) clearInterval(this.liveTimer);
      this.liveTimer = null;
      if (this.objectUrl) {
        this.video.removeAttribute('src');
        this.video.load();
        URL.revokeObjectURL(this.objectUrl);
      }
      this.objectUrl = null;
    }
  }

  window.ArgusFmp4Player = ArgusFmp4Player;
})();
