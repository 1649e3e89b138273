import type { Logger } from '../core/ports';

/** JSON lines on stdout/stderr. The core wraps this with its redactor before anything uses it. */
export function createConsoleLogger(write: (line: string, isError: boolean) => void = (l, e) => (e ? process.stderr : process.stdout).write(`${l}\n`)): Logger {
  const line = (level: 'info' | 'warn' | 'error') => (msg: string, fields?: Record<string, unknown>) => {
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...(fields ?? {}) }), level === 'error');
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
