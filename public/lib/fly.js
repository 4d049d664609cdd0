// ArgusFly: a fly-to animation — a copy of an element (an alarm's thumbnail) flies along an arc into a target (the
// urgent-event list's icon), then disappears; the target pulses. Web Animations API, no layout changes; with
// "reduced motion" it only pulses the target. Loaded from the app's root path: <script src="/lib/fly.js">.
//
//   await ArgusFly.flyTo(thumbnailElement, urgentIconElement, { duration: 700 });
(() => {
  function pulse(target) {
    if (!target.animate) return Promise.resolve();
    return target.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.25)' }, { transform: 'scale(1)' }], {
      duration: 300,
      easing: 'ease-out',
    }).finished;
  }

  async function flyTo(source, target, options = {}) {
    const duration = options.duration || 700;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || !source.animate) return pulse(target);
    const from = source.getBoundingClientRect();
    const to = target.getBoundingClientRect();
    const ghost = source.cloneNode(true);
    ghost.setAttribute('aria-hidden', 'true');
    Object.assign(ghost.style, {
      position: 'fixed',
      left: `${from.left}px`,
      top: `${from.top}px`,
      width: `${from.width}px`,
      height: `${from.height}px`,
      margin: '0',
      zIndex: '2000',
      pointerEvents: 'none',
    });
    document.body.appendChild(ghost);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const scale = Math.max(Math.min(to.width / from.width, 1), 0.1);
    try {
      await ghost.animate(
        [
          { transform: 'translate(0, 0) scale(1)', opacity: 1 },
          // The arc: halfway along, a little higher than the straight line.
          { transform: `translate(${dx / 2}px, ${dy / 2 - 80}px) scale(${(1 + scale) / 2})`, opacity: 0.9, offset: 0.5 },
          { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.2 },
        ],
        { duration, easing: 'cubic-bezier(.5,0,.5,1)' },
      ).finished;
    } finally {
      ghost.remove();
    }
    return pulse(target);
  }

  window.ArgusFly = { flyTo };
})();
