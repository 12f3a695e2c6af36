import type { ClaimedJob } from '../jobs/job-queue.js';
import { MAIL_SEND } from '../mail/outbox.js';
import type { Metrics } from './metrics.js';
import { activeTracing } from './tracing-state.js';

/**
 * Wraps every job run: counts it by kind and outcome (a failed mail send also as
 * shop_mail_send_failures_total) and, when tracing is on, runs it in a span of
 * its own (`job <kind>`), so its statements and calls out are its children.
 */
export function jobObserver(metrics: Pick<Metrics, 'jobRuns' | 'mailSendFailures'>) {
  return async (job: ClaimedJob, run: () => Promise<void>): Promise<void> => {
    const tracing = activeTracing();
    try {
      await (tracing ? tracing.inSpan(`job ${job.kind}`, jobAttributes(job), run) : run());
      metrics.jobRuns.inc({ kind: job.kind, outcome: 'done' });
    } catch (error) {
      metrics.jobRuns.inc({ kind: job.kind, outcome: 'error' });
      if (job.kind === MAIL_SEND) metrics.mailSendFailures.inc();
      throw error;
    }
  };
}

const jobAttributes = (job: ClaimedJob) => ({
  'job.kind': job.kind,
  'job.id': job.id,
  'job.attempt': job.attempt,
});
