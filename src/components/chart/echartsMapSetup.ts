// ECharts for maps: the geo component and scatter points on it, with the canvas renderer. Only the box map imports
// this, dynamically, so the map code is a chunk of its own loaded on that route.
import { EffectScatterChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([GeoComponent, TooltipComponent, ScatterChart, EffectScatterChart, CanvasRenderer]);

export { init, registerMap };
