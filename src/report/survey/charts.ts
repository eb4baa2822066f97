/**
 * The survey page's charts: Vega-Lite specifications compiled by vega-lite and rendered to SVG by
 * Vega in Node, when the report is written. The page shows them as images (data: URIs), which its
 * Content-Security-Policy allows and which run nothing.
 */
import { pathToFileURL } from 'node:url';
import type { SurveyReport } from '../../types/schemas';

export type VegaLiteSpec = Record<string, unknown>;

/**
 * A real import() of a package, found from this module. The package is compiled to CommonJS, which
 * turns `await import(x)` into require(x); Vega is an ES module with top-level await, which
 * require() cannot load (ERR_REQUIRE_ASYNC_MODULE), so the compiled command could draw no chart. A
 * function made at run time is left as it is by the compiler; it resolves names from the working
 * directory, so it is given the file that require.resolve finds from here.
 */
const importFile = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
const importModule = (name: string) => importFile(pathToFileURL(require.resolve(name)).href);

/**
 * Type every chart sets for a reader, whatever its own specification says: Vega's defaults (10 px
 * labels) shrink below legibility once a page scales the image to its column.
 */
const READABLE = {
  // A chart is shown as an image with its alternative text: the ARIA labels Vega gives each mark and
  // guide inside it reach no reader, and were most of a chart's bytes (a label per point).
  aria: false,
  axis: { labelFontSize: 12, titleFontSize: 13 },
  legend: { labelFontSize: 12, titleFontSize: 12 },
  title: { fontSize: 14 },
};

/** A Vega-Lite specification as an SVG document. Vega and Vega-Lite are ES modules: loaded when a page is drawn. */
export async function svgOf(chart: VegaLiteSpec): Promise<string> {
  const spec = { ...chart, config: { ...READABLE, ...(chart.config as object | undefined) } };
  const vega = (await importModule('vega')) as typeof import('vega');
  // vega-lite's types resolve only under Node16 module resolution; its one function used here is typed by hand.
  const vegaLite = (await importModule('vega-lite')) as { compile: (spec: VegaLiteSpec) => { spec: Parameters<typeof vega.parse>[0] } };
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * An SVG document as a data: URI of its text, not base64 (a third larger): only what a URI or the
 * attribute holding it cannot carry as it is, percent-encoded (%, #, quotes and line ends).
 */
export const svgDataUri = (svg: string) =>
  `data:image/svg+xml,${svg.replace(/[%#"'\r\n\t]/g, (c) => encodeURIComponent(c).replace("'", '%27'))}`;

/**
 * Failure rate per requirement and level, a bar each, MUST and SHOULD in their own colours, the
 * highest first; only requirements some record failed (the others lie along zero).
 */
export function failureRateSpec(requirements: SurveyReport['requirements']): VegaLiteSpec {
  const failing = requirements.filter((r) => r.failed > 0);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'Failure rate per requirement (failing records / records checked)',
    width: 640,
    data: {
      values: failing.map((r) => ({
        requirement: `${r.id} (${r.level})`,
        rate: r.rate,
        level: r.level,
        failed: r.failed,
        checked: r.checked,
      })),
    },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'requirement', type: 'nominal', sort: '-x', title: null, axis: { labelLimit: 320 } },
      x: {
        field: 'rate',
        type: 'quantitative',
        axis: { format: '%' },
        scale: { domain: [0, Math.max(0.01, ...failing.map((r) => r.rate))] },
        title: 'failure rate',
      },
      color: { field: 'level', type: 'nominal', scale: { domain: ['MUST', 'SHOULD'], range: ['#b3261e', '#b26a00'] } },
    },
  };
}

/** p50, p95, p99 and max per endpoint, grouped by endpoint. */
export function latencySpec(latency: SurveyReport['latencyMs']): VegaLiteSpec {
  const values = Object.entries(latency).flatMap(([endpoint, summary]) =>
    (['p50', 'p95', 'p99', 'max'] as const).map((statistic) => ({ endpoint, statistic, ms: summary[statistic] })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'Latency per endpoint (ms)',
    width: 640,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'endpoint', type: 'nominal', title: null },
      yOffset: { field: 'statistic', type: 'nominal', sort: ['p50', 'p95', 'p99', 'max'] },
      x: { field: 'ms', type: 'quantitative', title: 'milliseconds' },
      color: { field: 'statistic', type: 'nominal', sort: ['p50', 'p95', 'p99', 'max'] },
    },
  };
}

export interface SurveyCharts {
  failureRate?: string;
  latency?: string;
}

/** Both charts as SVG, each only when it has something to draw. */
export async function surveyCharts(report: SurveyReport): Promise<SurveyCharts> {
  const charts: SurveyCharts = {};
  // A clean survey draws no empty plot: the page says no record failed.
  if (report.requirements.some((r) => r.failed > 0)) charts.failureRate = await svgOf(failureRateSpec(report.requirements));
  if (Object.keys(report.latencyMs).length > 0) charts.latency = await svgOf(latencySpec(report.latencyMs));
  return charts;
}
