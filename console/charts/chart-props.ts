import type { FormatContext } from '../../engine/format/formatters';
import type { ChartData } from '../../engine/pages/chart-data';
import type { PageSeries } from '../../engine/pages/types';

/** What every chart component draws: the data, its series (one unit), their colours and the chart's name. */
export interface ChartProps {
  data: ChartData;
  series: PageSeries[];
  colorOf: (series: PageSeries) => string;
  title: string;
  ctx: FormatContext;
}
