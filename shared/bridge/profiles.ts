import { z } from 'zod';
import { permissionSchema } from '../permissions';
import { BASE_URL_MESSAGES, baseUrlProblem } from '../base-url';

/** Languages of the UI; main asks its native questions in the one the user chose. */
export const UI_LANGUAGES = ['en', 'he'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const ENVIRONMENTS = ['live', 'test'] as const;

/**
 * At most this many connection profiles, saved and session-only together: each holds up to 500
 * activity entries and 64 tables of views, and the settings file is rewritten on every change.
 */
export const MAX_PROFILES = 50;
export const TOO_MANY_PROFILES = 'too_many_profiles';
export const environmentSchema = z.enum(ENVIRONMENTS);
export const VAULT_BACKENDS = ['os', 'basic_text', 'unavailable'] as const;

/** All the renderer ever learns about a connection profile: never the key. */
export const profileMetaSchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: environmentSchema,
  base_url: z.string(),
  key_last4: z.string().length(4),
  status: z.enum(['untested', 'ok', 'error']),
  status_code: z.string().nullable(),
  business_name: z.string().nullable(),
  permissions_known: z.array(permissionSchema),
  is_demo: z.boolean(),
  session_only: z.boolean(),
});
export type ProfileMeta = z.infer<typeof profileMetaSchema>;

export const profileIdSchema = z.string().min(1).max(64);

/**
 * Characters that break or reorder a line of text: control characters, line and paragraph
 * separators, bidi embeddings, overrides and isolates. A profile name holds none (it is shown in
 * native dialogs, where a newline could fake a second question); names saved before are stripped.
 */
const LINE_BREAKER = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
export const withoutLineBreakers = (text: string): string => text.replace(new RegExp(LINE_BREAKER.source, 'gu'), ' ').replace(/ {2,}/g, ' ').trim();
export const profileNameSchema = z.string().trim().min(1).max(80)
  .refine((name) => !LINE_BREAKER.test(name), 'a name cannot contain line breaks, tabs or other control characters');
/** "clipboard": main reads the clipboard itself. "typed": the key is sent once, never echoed. */
export const keySourceSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('clipboard') }),
  z.strictObject({ source: z.literal('typed'), key: z.string().min(8).max(512) }),
]);
/** https only; http only for loopback (shared/base-url.ts), so a key never goes out in cleartext. */
export const baseUrlSchema = z.string().max(2048).superRefine((u, ctx) => {
  const problem = baseUrlProblem(u);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: BASE_URL_MESSAGES[problem] });
});
