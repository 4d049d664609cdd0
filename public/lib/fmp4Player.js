// ArgusFmp4Player: plays a fragmented-MP4 stream (an alarm clip, a camera's live fmp4 feed) in a <video> through
// Media Source Extensions: the response is read as it arrives and appended fragment by fragment, so playback
// starts before the download ends. Loaded from the app's root path: <script src="/lib/fmp4Player.js">.
//
//   const player = new ArgusFmp4Player(videoElement, { mimeCodec: 'video/mp4; codecs="avc1.64001f"' });
//   player.onError = (error) => …;   await player.play('/files/clip.mp4');   player.stop();
(() => {
  const DEFAULT_CODEC = 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"';
  /** Seconds of played media kept behind the playhead (older data is removed so live streams do not grow). */
  const KEEP_BEHIND = 30;

  class ArgusFmp4Player {
    constructor(video, options = {}) {
      this.video = video;
      this.mimeCodec = options.mimeCodec || DEFAULT_CODEC;
      this.onError = options.onError || (() => {});
      this.abort = null;
      this.objectUrl = null;
    }

    static isSupported(mimeCodec = DEFAULT_CODEC) {
      return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mimeCodec);
    }

    async play(url) {
      this.stop();
      if (!ArgusFmp4Player.isSupported(this.mimeCodec)) {
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
        const buffer = source.addSourceBuffer(this.mimeCodec);
        buffer.mode = 'segments';
        const response = await fetch(url, { signal: controller.signal, credentials: 'include' });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} for ${url}`);
        const reader = response.body.getReader();
        this.video.play().catch(() => {}); // autoplay may be refused; the controls remain
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await this.append(buffer, value);
          this.trim(buffer);
        }
        if (source.readyState === 'open') source.endOfStream();
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

    trim(buffer) {
      const before = this.video.currentTime - KEEP_BEHIND;
      if (before > 0 && buffer.buffered.length > 0 && buffer.buffered.start(0) < before && !buffer.updating) {
        buffer.remove(0, before);
      }
    }

    stop() {
      if (this.abort) this.abort.abort();
      this.abort = null;
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
