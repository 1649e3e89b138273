import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { invoke } from '../bridge/invoke';
import { useT } from '../i18n';
import { notify } from '../kit/notify';
import { exportJobs, onExportFinished, subscribeExports, type ExportProgress } from '../bridge/exports';

/**
 * A file name as text in either direction: a left-to-right mark before the extension keeps
 * "2026-11-25.csv" together after a Hebrew name (else the bidi algorithm shows "csv.2026-11-25").
 */
const shownFileName = (name: string) => name.replace(/(\.[A-Za-z0-9]{1,8})$/, '\u200E$1');

function JobCard({ job }: { job: ExportProgress }) {
  const { t } = useT();
  const [cancelling, setCancelling] = useState(false);
  const status = job.state === 'waiting' && job.wait_reason
    ? t(`exporter.waiting.${job.wait_reason}`, { seconds: Math.max(1, Math.round((job.wait_ms ?? 0) / 1000)) })
    : job.state === 'writing' ? t('exporter.writing') : t('exporter.running');
  return (
    <Paper withBorder shadow="md" p="sm" w={360} role="group" aria-labelledby={`export-${job.job_id}`} data-testid="export-job" data-state={job.state} data-format={job.format}>
      <Stack gap={6}>
        <Text fw={600} size="sm" id={`export-${job.job_id}`} dir="auto">{t('exporter.title', { title: job.title })}</Text>
        <Text size="xs" c="dimmed" dir="auto">{shownFileName(job.file_name)}</Text>
        {/* The API gives no row count up front: the bar moves while pages arrive, the figures count. */}
        <Progress value={100} animated striped color={job.state === 'waiting' ? 'yellow' : undefined} aria-label={status} />
        <Text size="sm" data-testid="export-counts">{t('exporter.counts', { pages: job.pages, rows: job.rows })}</Text>
        <Text size="sm" fw={job.state === 'waiting' ? 600 : undefined} data-testid="export-status" aria-live="polite">{status}</Text>
        <Group justify="flex-end">
          <Button size="xs" variant="default" leftSection={<IconX size={14} aria-hidden />} loading={cancelling} data-testid="export-cancel"
            onClick={() => { setCancelling(true); invoke('export.cancel', { job_id: job.job_id }).catch(() => setCancelling(false)); }}>
            {t('exporter.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Exports running in main, on every screen (the user may leave the table); their endings become notices. */
export default function ExportTray() {
  const { t } = useT();
  const jobs = useSyncExternalStore(subscribeExports, exportJobs);
  useEffect(() => onExportFinished((p) => {
    const waited = p.waits > 0 ? ` · ${t('exporter.waited', { count: p.waits })}` : '';
    if (p.state === 'done') notify({ title: t('exporter.done', { file: shownFileName(p.file_name) }), message: t('exporter.counts', { rows: p.rows, pages: p.pages }) + waited });
    else if (p.state === 'cancelled') notify({ title: t('exporter.cancelled'), message: p.title });
    else {
      const e = p.error;
      const why = !e ? '' : e.kind === 'api' ? `${t('errors.kind.api')} (${[e.status, e.code].filter(Boolean).join(' ')})` : t(`errors.kind.${e.kind}`);
      notify({ tone: 'error', title: t('exporter.failed'), message: `${p.title}: ${why}`, requestId: e?.request_id });
    }
  }), [t]);
  if (jobs.length === 0) return null;
  return (
    <div className="export-tray" data-testid="export-tray">
      <Stack gap="xs">{jobs.map((j) => <JobCard key={j.job_id} job={j} />)}</Stack>
    </div>
  );
}
