import { useCallback } from 'react';
import { useT } from '../../i18n';
import type { BulkOutcome } from '../../rules/bulk';

/** Why an approval of a batch did not go through, in words (the UI's text for the issue codes it knows). */
export function useBulkOutcomeText(): (o: BulkOutcome) => string {
  const { t, maybeKey } = useT();
  return useCallback((o: BulkOutcome) => {
    switch (o.kind) {
      case 'approved': return o.replayed ? t('write.replayed') : t('bulk.approvedOne');
      case 'stale': return o.again ? t('bulk.staleAgain') : t('bulk.staleNot');
      case 'blocked': return t('bulk.blocked', { issues: o.issues.map((b) => maybeKey(`issues.${b.code}`) ?? b.message ?? b.code).join(', ') || '—' });
      case 'denied': return t('bulk.denied');
      case 'feature_off': return t('permissions.featureOff');
      case 'unknown': return t('bulk.unknown');
      case 'failed': return o.error.message;
    }
  }, [t, maybeKey]);
}
