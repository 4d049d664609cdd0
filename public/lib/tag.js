// ArgusTag: draws text labels (plate numbers, event names, confidences) on a <canvas>, each in a filled box that
// stays inside the canvas. Positions are relative (0..1). Loaded from the app's root path: <script src="/lib/tag.js">.
//
//   ArgusTag.draw(canvas, [{ x: 0.1, y: 0.2, text: '粤B12345 0.93', color: '#ff4d4f' }], { clear: true });
(() => {
  function draw(canvas, tags, options = {}) {
    const context = canvas.getContext('2d');
    const ratio = window.devicePixelRatio || 1;
    const fontSize = (options.fontSize || 12) * ratio;
    const padding = 4 * ratio;
    if (options.clear) context.clearRect(0, 0, canvas.width, canvas.height);
    context.font = `${fontSize}px sans-serif`;
    context.textBaseline = 'top';
    for (const tag of tags) {
      const text = String(tag.text);
      const width = context.measureText(text).width + padding * 2;
      const height = fontSize + padding * 2;
      // Above the anchor when there is room, below it otherwise; never past an edge.
      let left = Math.min(Math.max(tag.x * canvas.width, 0), canvas.width - width);
      let top = tag.y * canvas.height - height;
      if (top < 0) top = tag.y * canvas.height;
      top = Math.min(Math.max(top, 0), canvas.height - height);
      left = Math.max(left, 0);
      context.fillStyle = tag.color || '#1675e0';
      context.fillRect(left, top, width, height);
      context.fillStyle = tag.textColor || '#fff';
      context.fillText(text, left + padding, top + padding);
    }
  }

  window.ArgusTag = { draw };
})();
