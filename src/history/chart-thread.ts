/**
 * The history page's charts drawn on a worker thread beside the one that reads the store: Vega and
 * Vega-Lite load while the store starts, and each chart is drawn while the page reads the rows of
 * the next. A machine's second core does the drawing; the page is the same, byte for byte, since
 * each chart is what svgOf draws in any thread (page.ts places it).
 */
import { parentPort, Worker } from 'node:worker_threads';
import { svgOf, type VegaLiteSpec } from '../report/survey/charts';

type Asked = { id: number; spec: VegaLiteSpec };
type Drawn = { id: number; svg: string } | { id: number; error: string };

/** A chart drawn on the thread's start, so that Vega's modules are loaded and compiled before the page asks for its first. */
const FIRST_CHART: VegaLiteSpec = { data: { values: [{ x: 1 }] }, mark: 'point', encoding: { x: { field: 'x', type: 'quantitative' } } };

export class ChartThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (svg: string) => void; reject: (error: Error) => void }>();
  private next = 0;

  constructor() {
    // A thread does not inherit tsx's loader: from a checkout's sources it registers it (as bin/ does) before it loads this module.
    const source = `${__filename.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(__filename)}).drawCharts();`;
    this.worker = new Worker(source, { eval: true });
    this.worker.on('message', (drawn: Drawn) => {
      const asked = this.waiting.get(drawn.id);
      this.waiting.delete(drawn.id);
      if ('svg' in drawn) asked?.resolve(drawn.svg);
      else asked?.reject(new Error(`a chart could not be drawn: ${drawn.error}`));
    });
    const fail = (error: Error) => {
      for (const asked of this.waiting.values()) asked.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the chart thread stopped (exit ${code})`)));
  }

  /** The chart's SVG, drawn on the thread. */
  readonly draw = (spec: VegaLiteSpec): Promise<string> =>
    new Promise((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, spec } satisfies Asked);
    });

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** In the thread: each chart asked for, drawn and sent back with its number. */
export function drawCharts(): void {
  const port = parentPort!;
  void svgOf(FIRST_CHART).catch(() => undefined);
  port.on('message', ({ id, spec }: Asked) => {
    svgOf(spec).then(
      (svg) => port.postMessage({ id, svg } satisfies Drawn),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Drawn),
    );
  });
}
