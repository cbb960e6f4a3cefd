// The console's two plots, drawn as SVG in the page (no charting code from elsewhere is loaded): how a user's
// episodes spread over time, and where a search spent its time. Each comes with the numbers as text for screen readers.

import { h, svg } from './dom.js';
import { episodesPerPeriod } from './timeline.js';

const DAY = 24 * 3600 * 1000;

/** Bars of episodes per day, week or month (whichever gives at most about 60 bars), from a user's sessions. */
export function episodesOverTime(sessions) {
  if (sessions.length === 0) return h('p', { class: 'empty' }, 'No episodes yet.');
  const { period: label, width, first, last, periods: count, counts: buckets } = episodesPerPeriod(sessions);
  const highest = Math.max(...buckets.values());
  const [chartWidth, chartHeight, bottom] = [720, 160, 22];
  const barWidth = chartWidth / count;
  const bars = [];
  for (const [bucket, episodes] of buckets) {
    const height = ((chartHeight - bottom) * episodes) / highest;
    const start = new Date(first + bucket * width).toISOString().slice(0, 10);
    bars.push(
      svg(
        'rect',
        {
          x: bucket * barWidth + 1,
          y: chartHeight - bottom - height,
          width: Math.max(barWidth - 2, 1),
          height,
          class: 'bar',
        },
        svg('title', {}, `${label} of ${start}: ${episodes} episode(s)`),
      ),
    );
  }
  const day = (time) => new Date(time).toISOString().slice(0, 10);
  return h(
    'div',
    {},
    svg(
      'svg',
      {
        viewBox: `0 0 ${chartWidth} ${chartHeight}`,
        class: 'timeline',
        role: 'img',
        'aria-label': `Episodes per ${label} from ${day(first)} to ${day(last)}; the busiest ${label} has ${highest}.`,
      },
      bars,
      svg('text', { x: 0, y: chartHeight - 4, class: 'axis' }, day(first)),
      svg('text', { x: chartWidth, y: chartHeight - 4, class: 'axis', 'text-anchor': 'end' }, day(last)),
      svg('text', { x: chartWidth, y: 12, class: 'axis', 'text-anchor': 'end' }, `${highest} per ${label}`),
    ),
  );
}

/** One bar split into the stages of a search, each as wide as its share of the time the stages took. */
export function stageTimings(trace) {
  const stages = Object.entries(trace.stage_ms || {}).filter(([, ms]) => ms > 0);
  const total = stages.reduce((sum, [, ms]) => sum + ms, 0);
  if (total === 0) return h('p', { class: 'empty' }, 'The trace names no stage timings.');
  let offset = 0;
  const segments = stages.map(([stage, ms], index) => {
    const share = (100 * ms) / total;
    const segment = h(
      'div',
      {
        class: `stage stage-${index % 8}`,
        style: { left: `${offset}%`, width: `${share}%` },
        title: `${stage}: ${ms} ms`,
      },
      share > 8 ? stage : '',
    );
    offset += share;
    return segment;
  });
  return h(
    'div',
    { class: 'stages' },
    h(
      'div',
      { class: 'stage-bar', role: 'img', 'aria-label': `Stages of the search: ${describeStages(stages)}` },
      segments,
    ),
    h(
      'ul',
      { class: 'legend' },
      stages.map(([stage, ms], index) =>
        h('li', {}, h('span', { class: `swatch stage-${index % 8}`, 'aria-hidden': 'true' }), `${stage} ${ms} ms`),
      ),
    ),
    h('p', { class: 'took' }, `${trace.took_ms} ms in all at the retrieval service; the stages may overlap.`),
  );
}

function describeStages(stages) {
  return stages.map(([stage, ms]) => `${stage} ${ms} ms`).join(', ');
}

/**
 * Every version of every profile feature on one time axis: a row per subject and feature, a segment per version
 * from its valid_from to its valid_to (or today while current), retired versions marked.
 */
export function profileTimeline(entries) {
  if (entries.length === 0) return h('p', { class: 'empty' }, 'No versions.');
  const now = Date.now();
  const rows = new Map();
  for (const entry of entries) {
    const key = `${entry.subject} · ${entry.tag} · ${entry.feature}`;
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push(entry);
  }
  const starts = entries.map((entry) => Date.parse(entry.valid_from));
  const ends = entries.map((entry) => (entry.valid_to ? Date.parse(entry.valid_to) : now));
  const first = Math.min(...starts);
  const last = Math.max(...ends, first + DAY);
  const [labelWidth, plotWidth, rowHeight] = [260, 460, 22];
  const x = (time) => labelWidth + ((time - first) / (last - first)) * plotWidth;
  const height = rows.size * rowHeight + 24;
  const drawn = [];
  let row = 0;
  for (const [key, versions] of rows) {
    const y = row * rowHeight + 4;
    drawn.push(svg('text', { x: 0, y: y + 13, class: 'row-label' }, key.length > 40 ? `${key.slice(0, 39)}…` : key));
    for (const version of versions) {
      const start = x(Date.parse(version.valid_from));
      const end = x(version.valid_to ? Date.parse(version.valid_to) : now);
      const state = version.retired_at ? 'retired' : version.valid_to ? 'replaced' : 'current';
      drawn.push(
        svg(
          'rect',
          { x: start, y, width: Math.max(end - start, 3), height: rowHeight - 6, class: `version ${state}` },
          svg(
            'title',
            {},
            `${version.value} (${state}, ${version.source}) from ${version.valid_from}${version.valid_to ? ` to ${version.valid_to}` : ''}`,
          ),
        ),
      );
    }
    row += 1;
  }
  const day = (time) => new Date(time).toISOString().slice(0, 10);
  return h(
    'figure',
    { class: 'chart' },
    svg(
      'svg',
      {
        viewBox: `0 0 ${labelWidth + plotWidth + 10} ${height}`,
        class: 'versions',
        role: 'img',
        'aria-label': `${entries.length} versions of ${rows.size} features from ${day(first)} to ${day(last)}`,
      },
      drawn,
      svg('text', { x: labelWidth, y: height - 4, class: 'axis' }, day(first)),
      svg('text', { x: labelWidth + plotWidth, y: height - 4, class: 'axis', 'text-anchor': 'end' }, day(last)),
    ),
    h('figcaption', {}, 'Each feature’s versions over time: current, replaced and retired ones (hover for the value).'),
    h(
      'table',
      { class: 'history' },
      h('caption', {}, 'Every version, oldest first per feature'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Feature', 'Value', 'From', 'To', 'Source', 'State'].map((name) => h('th', { scope: 'col' }, name)),
        ),
      ),
      h(
        'tbody',
        {},
        entries.map((entry) =>
          h(
            'tr',
            { dataset: { version: entry.id } },
            h('th', { scope: 'row' }, `${entry.subject} · ${entry.feature}`),
            h('td', {}, entry.value),
            h('td', {}, entry.valid_from.slice(0, 10)),
            h('td', {}, entry.valid_to ? entry.valid_to.slice(0, 10) : 'now'),
            h('td', {}, entry.source),
            h('td', {}, entry.retired_at ? 'retired' : entry.valid_to ? 'replaced' : 'current'),
          ),
        ),
      ),
    ),
  );
}
