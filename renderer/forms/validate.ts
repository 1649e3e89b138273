import type { z } from 'zod';
import type { FieldError as BridgeFieldError } from '../../shared';
import { fieldAt, type FieldModel } from './model';
import { toBody, type BodyOptions, type FormValues } from './values';

/** A problem with one field (or with the form as a whole when `path` is ''), before translation. */
export interface FormIssue {
  path: string;
  /** What kind of problem: a key under `validation.` in the UI texts. */
  rule: string;
  /** Numbers the message needs (a length, a count). */
  vars?: Record<string, number>;
  /** The server's or the contract's own words, shown when no rule fits. */
  text?: string;
}

/** Format rules by the kind of field the value failed in. */
const FORMAT_RULE: Partial<Record<FieldModel['kind'], string>> = {
  money: 'money', quantity: 'quantity', percent: 'percent', email: 'email', color: 'color', currency: 'currency',
  countryCode: 'countryCode', date: 'date', datetime: 'datetime', ref: 'ref', refList: 'ref', phone: 'phone', json: 'json',
  number: 'wholeNumber', revision: 'wholeNumber',
};

type Issue = z.core.$ZodIssue;

/** One zod issue as a form issue, named by what the user can do about it. */
export function issueOf(issue: Issue, models: readonly FieldModel[]): FormIssue {
  const path = issue.path.map(String).join('.');
  const field = fieldAt(models, path);
  const kind = field?.kind;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return { path, rule: 'required' };
      return { path, rule: (kind && FORMAT_RULE[kind]) ?? 'invalid' };
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { path, rule: 'required' } : { path, rule: 'tooShort', vars: { count: Number(issue.minimum) } };
      if (issue.origin === 'array') return { path, rule: 'tooFew', vars: { n: Number(issue.minimum) } };
      return { path, rule: 'atLeast', vars: { n: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { path, rule: 'tooLong', vars: { count: Number(issue.maximum) } };
      if (issue.origin === 'array') return { path, rule: 'tooMany', vars: { n: Number(issue.maximum) } };
      return { path, rule: 'atMost', vars: { n: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.input === '') return { path, rule: 'required' };
      return { path, rule: (kind && FORMAT_RULE[kind]) ?? 'invalid', text: issue.message };
    case 'invalid_value':
      return { path, rule: kind === 'confirmation' ? 'confirm' : 'choose' };
    case 'unrecognized_keys':
      return { path, rule: 'unknownField', text: issue.keys.join(', ') };
    case 'custom': {
      const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
      return { path, rule: typeof rule === 'string' ? rule : 'invalid', text: issue.message };
    }
    default:
      return { path, rule: 'invalid', text: issue.message };
  }
}

export interface Checked {
  body: Record<string, unknown>;
  issues: FormIssue[];
}

/**
 * Builds the body from the form and checks it with the route's own schema (the contract).
 * `filledLater`: fields the submission itself fills (a document's client_request_id), checked
 * with a stand-in value and left out of the body.
 */
export function checkForm(schema: z.ZodType, models: readonly FieldModel[], values: FormValues, o: BodyOptions, filledLater: Readonly<Record<string, unknown>> = {}): Checked {
  const body = toBody(models, values, o);
  // reportInput: an issue knows the value it refused, so a wrong type is not mistaken for a missing one.
  const r = schema.safeParse({ ...body, ...filledLater }, { reportInput: true });
  if (r.success) {
    const checked = { ...(r.data as Record<string, unknown>) };
    for (const k of Object.keys(filledLater)) delete checked[k];
    return { body: checked, issues: [] };
  }
  return { body, issues: r.error.issues.map((i) => issueOf(i, models)) };
}

/**
 * The problems an answer names for fields: field errors the client found before sending
 * (`body.lines.0.quantity`), and the sandbox-style "path: text" sentences of a 400 invalid_body.
 * Paths that name no field of this form go to the form as a whole.
 */
export function serverIssues(models: readonly FieldModel[], error: { code?: string; message: string; field_errors?: BridgeFieldError[] }): FormIssue[] {
  const fromList = (error.field_errors ?? [])
    .filter((f) => f.path.startsWith('body.') || f.path === 'body')
    .map((f) => ({ path: f.path.replace(/^body\.?/, ''), text: f.message }));
  const fromMessage = error.code === 'invalid_body'
    ? error.message.split('; ').flatMap((part) => {
      const m = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*): (.+)$/.exec(part.trim());
      return m ? [{ path: m[1]!, text: m[2]! }] : [];
    })
    : [];
  return [...fromList, ...fromMessage].map(({ path, text }) => (fieldAt(models, path) ? { path, rule: 'server', text } : { path: '', rule: 'server', text: `${path}: ${text}` }));
}
