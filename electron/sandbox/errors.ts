import type { z } from 'zod';
import { ERROR_CATALOG, type ErrorCode } from '../../shared';

/** An error the sandbox answers with; status and type come from the shared catalog. */
export class SandboxError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_CATALOG[code].message);
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.type = ERROR_CATALOG[code].type;
    this.headers = headers;
  }
}

export const notFound = (what = 'resource') => new SandboxError('resource_not_found', `The ${what} was not found.`);
export const invalidBody = (message: string) => new SandboxError('invalid_body', message);
export const invalidFilter = (message: string) => new SandboxError('invalid_filter', message);

type Issue = z.core.$ZodIssue;

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/**
 * One readable sentence per zod issue, without validator internals:
 * "Unknown field: business_id", "name: is required", "lines.0.quantity: must be ...".
 */
export function issueText(issue: Issue, noun: 'field' | 'parameter'): string {
  const where = pathText(issue.path);
  const prefix = where ? `${where}: ` : '';
  switch (issue.code) {
    case 'unrecognized_keys': {
      const names = issue.keys.map((k) => (where ? `${where}.${k}` : k));
      return `Unknown ${noun}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return `${prefix}is required`;
      return `${prefix}must be ${issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
    case 'too_big':
      return `${prefix}must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${prefix}must not be empty`;
      return `${prefix}must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'invalid_value':
      return `${prefix}must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_union':
      return `${prefix}has an unsupported value`;
    default:
      // Contract schemas carry plain custom messages for formats and refinements.
      return `${prefix}${issue.message}`;
  }
}

/** Joins up to three issue sentences into one message. */
export function issuesText(error: z.ZodError, noun: 'field' | 'parameter'): string {
  const texts = error.issues.slice(0, 3).map((i) => issueText(i, noun));
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return texts.join('; ') + more;
}
