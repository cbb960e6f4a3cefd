import assert from 'node:assert/strict';
import { test } from 'node:test';
import { episodesPerPeriod } from '../src/timeline.js';

const session = (first_episode_at, episodes) => ({ first_episode_at, episodes });

test('sessions within two months are counted per day, at the day of their start', () => {
  const spread = episodesPerPeriod([
    session('2026-03-14T18:30:00Z', 3),
    session('2026-03-14T20:00:00Z', 2),
    session('2026-04-02T09:00:00Z', 1),
  ]);
  assert.equal(spread.period, 'day');
  assert.equal(spread.periods, 19);
  assert.deepEqual(
    [...spread.counts.entries()],
    [
      [0, 5],
      [18, 1],
    ],
  );
});

test('a longer span is counted per week, and years per month, so the bars stay readable', () => {
  assert.equal(
    episodesPerPeriod([session('2023-01-01T00:00:00Z', 1), session('2023-06-01T00:00:00Z', 1)]).period,
    'week',
  );
  const years = episodesPerPeriod([session('2020-01-01T00:00:00Z', 4), session('2023-01-01T00:00:00Z', 6)]);
  assert.equal(years.period, 'month');
  assert.ok(years.periods <= 40);
  assert.equal(
    [...years.counts.values()].reduce((sum, count) => sum + count, 0),
    10,
  );
});

test('one session is one bar', () => {
  const one = episodesPerPeriod([session('2026-03-14T18:30:00Z', 7)]);
  assert.equal(one.periods, 1);
  assert.deepEqual([...one.counts.entries()], [[0, 7]]);
});
