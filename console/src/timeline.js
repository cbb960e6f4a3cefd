// How a user's episodes spread over time: counted per day, week or month, whichever gives at most about 60 bars.

const DAY = 24 * 3600 * 1000;

/**
 * @param sessions the API's session summaries (first_episode_at, episodes); each session counts at its start
 * @returns the period (`day`, `week`, `month`), the first and last start, and the number of episodes per period
 *     index (0 for the period of the first start), in a Map
 */
export function episodesPerPeriod(sessions) {
  const times = sessions.map((session) => Date.parse(session.first_episode_at));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const span = Math.max(last - first, DAY);
  const [width, period] =
    span <= 60 * DAY ? [DAY, 'day'] : span <= 420 * DAY ? [7 * DAY, 'week'] : [30.44 * DAY, 'month'];
  const counts = new Map();
  sessions.forEach((session, index) => {
    const bucket = Math.floor((times[index] - first) / width);
    counts.set(bucket, (counts.get(bucket) || 0) + session.episodes);
  });
  return { period, width, first, last, periods: Math.floor((last - first) / width) + 1, counts };
}
