// ArgusMap: a minimal map without tiles (this console runs where no map service is reachable): it places markers
// by latitude and longitude on a <div> with the Web Mercator projection, pans by dragging, zooms with the wheel
// or the keyboard, and fits its markers. Loaded from the app's root path: <script src="/lib/map.js">.
//
//   const map = ArgusMap.create(element, { center: [22.5464, 114.0593], zoom: 12 });
//   map.addMarker({ id: 'box-1', lat: 22.55, lng: 114.06, title: 'Box 1', onClick: () => … });   map.fit();
(() => {
  const TILE = 256;
  const MIN_ZOOM = 2;
  const MAX_ZOOM = 19;

  /** World pixel coordinates of a position at a zoom level. */
  function project(lat, lng, zoom) {
    const scale = TILE * 2 ** zoom;
    const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
    return {
      x: ((lng + 180) / 360) * scale,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
    };
  }

  function unproject(x, y, zoom) {
    const scale = TILE * 2 ** zoom;
    const lng = (x / scale) * 360 - 180;
    const n = Math.PI - (2 * Math.PI * y) / scale;
    const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
    return { lat, lng };
  }

  function create(element, options = {}) {
    let [lat, lng] = options.center || [22.5464, 114.0593];
    let zoom = options.zoom || 12;
    const markers = new Map();
    element.classList.add('argus-map');
    Object.assign(element.style, { position: 'relative', overflow: 'hidden', background: '#eef2f7', touchAction: 'none' });
    element.tabIndex = 0;

    function place(marker) {
      const centre = project(lat, lng, zoom);
      const point = project(marker.lat, marker.lng, zoom);
      const left = point.x - centre.x + element.clientWidth / 2;
      const top = point.y - centre.y + element.clientHeight / 2;
      marker.node.style.transform = `translate(${left}px, ${top}px) translate(-50%, -100%)`;
    }

    function render() {
      for (const marker of markers.values()) place(marker);
    }

    function setView(center, level) {
      [lat, lng] = center;
      zoom = Math.min(Math.max(Math.round(level), MIN_ZOOM), MAX_ZOOM);
      render();
    }

    // Dragging pans.
    let drag = null;
    element.addEventListener('pointerdown', (event) => {
      if (event.target !== element) return;
      drag = { x: event.clientX, y: event.clientY, centre: project(lat, lng, zoom) };
      element.setPointerCapture(event.pointerId);
    });
    element.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const moved = unproject(drag.centre.x - (event.clientX - drag.x), drag.centre.y - (event.clientY - drag.y), zoom);
      lat = moved.lat;
      lng = moved.lng;
      render();
    });
    element.addEventListener('pointerup', () => {
      drag = null;
    });
    element.addEventListener('wheel', (event) => {
      event.preventDefault();
      setView([lat, lng], zoom + (event.deltaY < 0 ? 1 : -1));
    });
    element.addEventListener('keydown', (event) => {
      const step = 64;
      const centre = project(lat, lng, zoom);
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (event.key === '+' || event.key === '=') setView([lat, lng], zoom + 1);
      else if (event.key === '-') setView([lat, lng], zoom - 1);
      else if (moves[event.key]) {
        const [dx, dy] = moves[event.key];
        const moved = unproject(centre.x + dx, centre.y + dy, zoom);
        setView([moved.lat, moved.lng], zoom);
      } else return;
      event.preventDefault();
    });
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(render).observe(element);

    return {
      addMarker({ id, lat: markerLat, lng: markerLng, title = '', color = '#1675e0', onClick }) {
        const node = document.createElement('button');
        node.type = 'button';
        node.className = 'argus-map-marker';
        node.title = title;
        node.setAttribute('aria-label', title);
        Object.assign(node.style, {
          position: 'absolute',
          left: '0',
          top: '0',
          width: '18px',
          height: '18px',
          padding: '0',
          border: '2px solid #fff',
          borderRadius: '50% 50% 50% 0',
          background: color,
          boxShadow: '0 1px 4px rgba(0,0,0,.4)',
          cursor: 'pointer',
          rotate: '-45deg',
        });
        if (onClick) node.addEventListener('click', onClick);
        element.appendChild(node);
        const marker = { id, lat: markerLat, lng: markerLng, node };
        markers.set(id, marker);
        place(marker);
        return node;
      },
      removeMarker(id) {
        markers.get(id)?.node.remove();
        markers.delete(id);
      },
      setView,
      getView: () => ({ center: [lat, lng], zoom }),
      /** Centres and zooms so every marker is in view. */
      fit(padding = 40) {
        if (markers.size === 0) return;
        const list = [...markers.values()];
        if (list.length === 1) return setView([list[0].lat, list[0].lng], Math.max(zoom, 14));
        for (let level = MAX_ZOOM; level >= MIN_ZOOM; level -= 1) {
          const points = list.map((m) => project(m.lat, m.lng, level));
          const width = Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));
          const height = Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y));
          if (width <= element.clientWidth - padding * 2 && height <= element.clientHeight - padding * 2) {
            const middle = unproject(
              (Math.max(...points.map((p) => p.x)) + Math.min(...points.map((p) => p.x))) / 2,
              (Math.max(...points.map((p) => p.y)) + Math.min(...points.map((p) => p.y))) / 2,
              level,
            );
            return setView([middle.lat, middle.lng], level);
          }
        }
      },
      destroy() {
        for (const marker of markers.values()) marker.node.remove();
        markers.clear();
      },
    };
  }

  window.ArgusMap = { create, project, unproject };
})();
