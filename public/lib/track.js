// ArgusTrack: draws detection boxes and the trail each tracked object left on a <canvas> laid over a video or a
// snapshot. Coordinates are relative (0..1 of the frame), so the drawing does not depend on the resolution.
// Loaded from the app's root path: <script src="/lib/track.js">.
//
//   const tracks = ArgusTrack.create(canvas, { trail: 25 });
//   tracks.update([{ id: 7, box: [0.1, 0.2, 0.05, 0.1], color: '#ff4d4f' }]);   tracks.clear();
(() => {
  function resize(canvas) {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(canvas.clientWidth * ratio);
    const height = Math.round(canvas.clientHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    return { width, height, ratio };
  }

  function create(canvas, options = {}) {
    const trailLength = options.trail || 25;
    const lineWidth = options.lineWidth || 2;
    const trails = new Map(); // id → [[x, y], …] centres, newest last

    function draw(objects) {
      const context = canvas.getContext('2d');
      const { width, height, ratio } = resize(canvas);
      context.clearRect(0, 0, width, height);
      context.lineWidth = lineWidth * ratio;
      for (const object of objects) {
        const [x, y, w, h] = object.box;
        const color = object.color || '#1675e0';
        context.strokeStyle = color;
        context.strokeRect(x * width, y * height, w * width, h * height);
        const trail = trails.get(object.id) || [];
        if (trail.length > 1) {
          context.beginPath();
          trail.forEach(([cx, cy], index) => {
            if (index === 0) context.moveTo(cx * width, cy * height);
            else context.lineTo(cx * width, cy * height);
          });
          context.globalAlpha = 0.6;
          context.stroke();
          context.globalAlpha = 1;
        }
      }
    }

    return {
      /** Objects seen in the current frame: { id, box: [x, y, w, h], color? }. */
      update(objects) {
        const seen = new Set();
        for (const object of objects) {
          const [x, y, w, h] = object.box;
          const trail = trails.get(object.id) || [];
          trail.push([x + w / 2, y + h]); // the bottom centre: where the object stands
          if (trail.length > trailLength) trail.shift();
          trails.set(object.id, trail);
          seen.add(object.id);
        }
        for (const id of trails.keys()) if (!seen.has(id)) trails.delete(id);
        draw(objects);
      },
      clear() {
        trails.clear();
        const context = canvas.getContext('2d');
        context.clearRect(0, 0, canvas.width, canvas.height);
      },
    };
  }

  window.ArgusTrack = { create };
})();
