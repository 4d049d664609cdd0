// ECharts, tree-shaken: the core, the three chart kinds the statistics screens draw (line, bar, pie), the grid,
// tooltip and legend, and the canvas renderer — nothing else. Only EChart.tsx imports this, dynamically, so
// ECharts is a chunk of its own that loads when a chart is first shown (never with the login or list screens).
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
