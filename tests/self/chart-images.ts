/** The charts of a page (report/survey/charts.ts): each an image whose data: URI holds its SVG document, percent-encoded. */
const CHART_SOURCE = /src="data:image\/svg\+xml,([^"]*)"/g;

/** Every chart of `html`, as SVG text. */
export const chartsIn = (html: string): string[] => [...html.matchAll(CHART_SOURCE)].map(([, encoded]) => decodeURIComponent(encoded));
