import type { Sharp, SharpOptions } from 'sharp';
import type { ProcessedMedia } from './processed-media.ts';
import { fontsOf, h, renderPng } from './satori-drawing.ts';

// The chart of the analytics report by mail (premium analytics, issue 52 §2):
// a bar of views per day (or week), its clicks inside it, drawn in the media
// worker as a PNG (mail programs show no SVG and run no script). Only figures
// and the server's own labels are drawn: no text a visitor sent.

/** What the server sends the worker. */
export interface ReportChartJob {
  /** Each bar: its label (a day, '23 Nov'), views and clicks. */
  bars: Array<{ label: string; views: number; clicks: number }>;
  /** The site's own font's files (Inter). */
  font: Array<{ path: string; weight: 400 | 700 }>;
}

/** Drawn at twice the size the mail shows it, for sharp screens. */
export const REPORT_CHART_SIZE = { width: 1120, height: 440 } as const;

const COLOURS = { ground: '#151522', grid: '#2a2a3d', views: '#7c5cff', clicks: '#f472b6', text: '#a1a1b5' } as const;

const PADDING = { x: 32, y: 28 } as const;

/** At most this many labels under the bars, evenly spread. */
const LABELS = 6;

export async function drawReportChart(
  input: Buffer,
  loadSharp: () => Promise<(input: Buffer, options: SharpOptions) => Sharp>,
): Promise<ProcessedMedia> {
  const { bars, font } = JSON.parse(input.toString('utf8')) as ReportChartJob;
  const [sharp, fontData] = await Promise.all([loadSharp(), fontsOf('Site', font)]);
  const most = Math.max(1, ...bars.map((bar) => bar.views), ...bars.map((bar) => bar.clicks));
  const plot = { height: 300 };
  const every = Math.max(1, Math.ceil(bars.length / LABELS));
  const legend = (colour: string, label: string) =>
    h('div', { display: 'flex', alignItems: 'center', marginRight: 28 }, [
      h('div', { width: 20, height: 20, borderRadius: 6, background: colour, marginRight: 10 }),
      h('div', { display: 'flex' }, label),
    ]);
  const tree = h(
    'div',
    {
      // The drawing's size is its content's and its padding's together.
      width: REPORT_CHART_SIZE.width - 2 * PADDING.x,
      height: REPORT_CHART_SIZE.height - 2 * PADDING.y,
      boxSizing: 'content-box',
      display: 'flex',
      flexDirection: 'column',
      padding: `${PADDING.y}px ${PADDING.x}px`,
      background: COLOURS.ground,
      color: COLOURS.text,
      fontFamily: 'Site',
      fontSize: 22,
    },
    [
      h('div', { display: 'flex', justifyContent: 'space-between', marginBottom: 18 }, [
        h('div', { display: 'flex' }, [legend(COLOURS.views, 'Views'), legend(COLOURS.clicks, 'Clicks')]),
        h('div', { display: 'flex' }, `Most in a day: ${most.toLocaleString('en-US')}`),
      ]),
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'flex-end',
          height: plot.height,
          borderBottom: `2px solid ${COLOURS.grid}`,
        },
        bars.map((bar) =>
          h(
            'div',
            {
              display: 'flex',
              flexGrow: 1,
              flexBasis: 0,
              height: '100%',
              alignItems: 'flex-end',
              justifyContent: 'center',
              padding: '0 2px',
            },
            [
              h(
                'div',
                {
                  display: 'flex',
                  alignItems: 'flex-end',
                  width: '100%',
                  maxWidth: 48,
                  height: Math.max(2, Math.round((bar.views / most) * plot.height)),
                  background: COLOURS.views,
                  borderRadius: '6px 6px 0 0',
                },
                [
                  h('div', {
                    width: '100%',
                    height: Math.round((bar.clicks / most) * plot.height),
                    background: COLOURS.clicks,
                    borderRadius: '6px 6px 0 0',
                  }),
                ],
              ),
            ],
          ),
        ),
      ),
      h(
        'div',
        { display: 'flex', marginTop: 12 },
        bars.map((bar, index) =>
          h(
            'div',
            {
              display: 'flex',
              flexGrow: 1,
              flexBasis: 0,
              minWidth: 0,
              justifyContent: 'center',
              overflow: 'visible',
              whiteSpace: 'nowrap',
            },
            index % every === 0 ? bar.label : '',
          ),
        ),
      ),
    ],
  );
  return renderPng(tree, REPORT_CHART_SIZE, fontData, sharp);
}
