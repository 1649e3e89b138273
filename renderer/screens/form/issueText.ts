import { useCallback } from 'react';
import { useT } from '../../i18n';
import type { FormIssue } from '../../forms/validate';

/** Form issues travel through react-hook-form as JSON in `message`, so they are translated when shown. */
export const issueMessage = (issue: FormIssue): string => JSON.stringify(issue);

export function parseIssue(message: string): FormIssue {
  try {
    const v = JSON.parse(message) as FormIssue;
    if (typeof v?.rule === 'string') return v;
  } catch {
    /* a plain message */
  }
  return { path: '', rule: 'server', text: message };
}

/** The words of an issue in the UI language; the server's own text where no rule fits. */
export function useIssueText(): (message: string) => string {
  const { t, maybeKey } = useT();
  return useCallback((message: string) => {
    const issue = parseIssue(message);
    if (issue.rule === 'server' || issue.rule === 'invalid') return issue.text ?? t('validation.invalid');
    return maybeKey(`validation.${issue.rule}`, issue.vars) ?? issue.text ?? t('validation.invalid');
  }, [t, maybeKey]);
}
