// The map: Shenzhen's districts from a local GeoJSON file (public/maps/shenzhen.json; no internet needed) drawn
// with ECharts' geo component, the boxes and cameras on it coloured by status, clustered when close together at
// the current zoom. Every marker is also a button laid over the canvas (keyboard and screen readers reach it): a
// cluster zooms in, a box or camera opens its box.
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observeSize } from '../../../components/chart/observeSize.ts';
import { clusterItems, cellDegrees, type MapCluster, type MapItem, type MapStatus } from './mapItems.ts';

export const STATUS_COLOURS: Record<MapStatus, string> = { online: '#2e7d32', offline: '#9e9e9e', abnormal: '#c62828' };
const MAP_FILE = '/maps/shenzhen.json';

interface Props {
  items: MapItem[];
  centre: { lng: number; lat: number };
  zoom: number;
  onOpen(item: MapItem): void;
}

interface Marker {
  cluster: MapCluster;
  x: number;
  y: number;
}

export function BoxMapCanvas({ items, centre, zoom: startZoom, onOpen }: Props) {
  const { t } = useTranslation('devices');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [zoom, setZoom] = useState(startZoom);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const clusters = useMemo(() => clusterItems(items, cellDegrees(zoom)), [items, zoom]);
  const clustersRef = useRef(clusters);
  clustersRef.current = clusters;

  /** Where each cluster is on screen now (after a pan, a zoom or a resize). */
  const place = useRef(() => {});
  place.current = () => {
    const c = chart.current;
    const el = box.current;
    if (!c || !el) return;
    const { width, height } = el.getBoundingClientRect();
    setMarkers(
      clustersRef.current.flatMap((cluster) => {
        const point = c.convertToPixel({ geoIndex: 0 }, [cluster.lng, cluster.lat]) as number[] | undefined;
        if (!point) return [];
        const [x, y] = point;
        return x >= 0 && y >= 0 && x <= width && y <= height ? [{ cluster, x, y }] : [];
      }),
    );
  };

  // The map is set up once; later centre or zoom changes come from the user's own roaming.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once
  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    Promise.all([
      import('../../../components/chart/echartsMapSetup.ts'),
      fetch(MAP_FILE).then((res) => {
        if (!res.ok) throw new Error(String(res.status));
        return res.json() as Promise<object>;
      }),
    ]).then(
      ([{ init, registerMap }, geo]) => {
        if (disposed || !box.current) return;
        registerMap('shenzhen', geo as never);
        const instance = init(box.current, undefined, { renderer: 'canvas' });
        chart.current = instance;
        instance.setOption({
          geo: {
            map: 'shenzhen',
            roam: true,
            center: [centre.lng, centre.lat],
            zoom: startZoom,
            scaleLimit: { min: 0.8, max: 60 },
            label: { show: true, color: '#8a8a8f', fontSize: 11 },
            itemStyle: { areaColor: '#eef3f8', borderColor: '#b8c6d6' },
            emphasis: { label: { color: '#555' }, itemStyle: { areaColor: '#e2ebf5' } },
            select: { disabled: true },
          },
        });
        instance.on('georoam', () => {
          const option = instance.getOption() as { geo?: { zoom?: number }[] };
          setZoom(option.geo?.[0]?.zoom ?? startZoom);
          place.current();
        });
        observer = observeSize(box.current, () => {
          instance.resize();
          place.current();
        });
        setStatus('ready');
      },
      () => !disposed && setStatus('error'),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (status !== 'ready' || !c) return;
    c.setOption({
      series: [
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          silent: true,
          data: clusters.map((cluster) => {
            const one = cluster.items.length === 1 ? cluster.items[0] : null;
            return {
              value: [cluster.lng, cluster.lat, cluster.items.length],
              symbol: one?.kind === 'box' ? 'roundRect' : 'circle',
              symbolSize: one ? (one.kind === 'box' ? 18 : 11) : 22 + Math.min(18, cluster.items.length * 2),
              itemStyle: { color: STATUS_COLOURS[cluster.status], opacity: one ? 1 : 0.85, borderColor: '#fff', borderWidth: 1.5 },
              label: { show: !one, formatter: String(cluster.items.length), color: '#fff', fontWeight: 600 },
            };
          }),
        },
      ],
    });
    place.current();
  }, [clusters, status]);

  const zoomInto = (cluster: MapCluster) => {
    const c = chart.current;
    if (!c) return;
    const next = Math.min(60, zoom * 3);
    c.setOption({ geo: { center: [cluster.lng, cluster.lat], zoom: next } });
    setZoom(next);
  };

  const markerLabel = (cluster: MapCluster) => {
    if (cluster.items.length > 1) return t('boxMap.cluster', { count: cluster.items.length });
    const item = cluster.items[0];
    return t(item.kind === 'box' ? 'boxMap.boxMarker' : 'boxMap.cameraMarker', { name: item.name, status: t(`boxMap.status.${item.status}`) });
  };

  return (
    <div className="box-map">
      <div ref={box} className="box-map-canvas" role="img" aria-label={t('boxMap.mapLabel', { count: items.length })} />
      {status === 'ready'
        ? markers.map(({ cluster, x, y }) => (
            <button
              key={cluster.key}
              type="button"
              className="box-map-marker"
              data-kind={cluster.items.length > 1 ? 'cluster' : cluster.items[0].kind}
              style={{ left: x, top: y }}
              aria-label={markerLabel(cluster)}
              title={markerLabel(cluster)}
              onClick={() => (cluster.items.length > 1 ? zoomInto(cluster) : onOpen(cluster.items[0]))}
            />
          ))
        : null}
      {status !== 'ready' ? (
        <p className="box-map-state" role={status === 'error' ? 'alert' : undefined}>
          {status === 'error' ? t('boxMap.mapFailed') : t('boxMap.mapLoading')}
        </p>
      ) : null}
    </div>
  );
}
