import { Tooltip } from '@mantine/core';

/** A write button, disabled with its reason when the write is known to be impossible (a permission, a feature, a blocker). */
export function WriteGate({ reason, children }: { reason: string | null; children: (disabled: boolean) => React.ReactElement }) {
  if (reason === null) return children(false);
  return <Tooltip label={reason}><span>{children(true)}</span></Tooltip>;
}
