// Analytics (spec 10): the metric cards for a range, daily charts, the rating distribution and the
// spam share and the topics, from GET /v1/projects/{id}/metrics.
import { useEffect } from 'preact/hooks';
import '../styles/analytics.css';
import { loadMetrics, metrics, metricsError, range } from '../models/analytics.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { RangePicker } from '../components/RangePicker.js';
import { MetricCards } from '../components/MetricCards.js';
import { DailyChart, type Series } from '../components/DailyChart.js';
import { RatingDistribution } from '../components/RatingDistribution.js';
import { TopicBreakdown } from '../components/TopicBreakdown.js';

const VOLUME: Series[] = [
  { key: 'messages', label: 'Messages', color: '#2848c8' },
  { key: 'conversations', label: 'Conversations', color: '#1d6b3a' },
  { key: 'unique_users', label: 'Unique Users', color: '#a04400' },
];
const RATES: Series[] = [
  { key: 'csat_score', label: 'CSAT', color: '#2848c8' },
  { key: 'resolution_rate', label: 'Resolution Rate', color: '#1d6b3a' },
];

export default function AnalyticsPage({ project }: { project: string }) {
  useEffect(() => {
    pageTitle.value = `Analytics · ${BASE_TITLE}`;
    metrics.value = null;
    void loadMetrics(project, range.peek());
  }, [project]);
  const report = metrics.value;
  return (
    <div class="analytics">
      <div class="page-head">
        <h1>Analytics</h1>
      </div>
      <RangePicker onChange={(r) => void loadMetrics(project, r)} />
      {metricsError.value && (
        <p class="error" role="alert">
          {metricsError.value}
        </p>
      )}
      {!report && !metricsError.value && <Loading />}
      {report && (
        <>
          <p class="muted range-label" role="status">
            {report.start_date.slice(0, 10)} to {report.end_date.slice(0, 10)} (UTC), {report.data.length} days
          </p>
          <MetricCards report={report} />
          <div class="charts">
            <DailyChart title="Messages, conversations and users" rows={report.data} series={VOLUME} />
            <DailyChart title="CSAT and resolution rate" rows={report.data} series={RATES} asPercent />
          </div>
          <RatingDistribution ratings={report.ratings} />
          <TopicBreakdown topics={report.topics} />
        </>
      )}
    </div>
  );
}
