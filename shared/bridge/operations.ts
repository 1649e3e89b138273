import { z } from 'zod';
import { OUTBOX_OPERATIONS } from '../outbox';
import { uuid } from '../primitives';
import { leadSchema } from '../schemas/leads';
import { exportStartSchema } from '../export';
import { activityEntrySchema, activityRecordSchema } from '../activity';
import { areaKeySchema, profileViewsSchema, tableViewsSchema, themeSchema } from '../views';
import { profileListEntriesSchema, profileListNameSchema, profileListSaveSchema } from '../profile-lists';
import { permissionSchema } from '../permissions';
import { apiCallInputSchema, apiCallOutputSchema } from './api-call';
import { localAggregateInputSchema, localAggregateOutputSchema, localQueryInputSchema, localQueryOutputSchema, localReadManyInputSchema, localReadManyOutputSchema } from '../local/query';
import { localStatusSchema } from '../local/status';
import { REQUEST_ID_PATTERN } from './errors';
import { UI_LANGUAGES, VAULT_BACKENDS, baseUrlSchema, environmentSchema, keySourceSchema, profileIdSchema, profileMetaSchema, profileNameSchema } from './profiles';

/**
 * The bridge's operations: a closed list, each with zod schemas for input and output.
 * Inputs are strict: a field an operation does not take is refused, not dropped.
 */

/** An export job's id. */
export const jobIdSchema = z.string().min(1).max(64);

export const OPERATIONS = {
  'app.info': {
    input: z.strictObject({}),
    output: z.object({ version: z.string(), platform: z.string(), vault_backend: z.enum(VAULT_BACKENDS), locale: z.string() }),
  },
  'profiles.list': {
    input: z.strictObject({}),
    output: z.object({ profiles: z.array(profileMetaSchema), active_id: z.string().nullable() }),
  },
  'profiles.add': {
    input: z.strictObject({ name: profileNameSchema, environment: environmentSchema, base_url: baseUrlSchema, key: keySourceSchema, session_only: z.boolean() }),
    output: profileMetaSchema,
  },
  'profiles.test': {
    input: z.strictObject({ id: profileIdSchema }),
    output: z.object({
      profile: profileMetaSchema,
      business_name: z.string(),
      readable: z.array(permissionSchema),
      denied: z.array(permissionSchema),
      /** Write permissions probed without writing (a body no contract accepts). */
      writable: z.array(permissionSchema),
      write_denied: z.array(permissionSchema),
      /** False when the business has the expense feature switched off (spec 4.2 rule 6); null when not known. */
      expenses_enabled: z.boolean().nullable(),
    }),
  },
  'profiles.rename': { input: z.strictObject({ id: profileIdSchema, name: profileNameSchema }), output: profileMetaSchema },
  'profiles.replaceKey': { input: z.strictObject({ id: profileIdSchema, key: keySourceSchema }), output: profileMetaSchema },
  'profiles.remove': { input: z.strictObject({ id: profileIdSchema }), output: z.object({ removed: z.literal(true) }) },
  'profiles.activate': { input: z.strictObject({ id: profileIdSchema }), output: profileMetaSchema },
  'demo.start': { input: z.strictObject({}), output: profileMetaSchema },
  'demo.reset': { input: z.strictObject({}), output: z.object({ reset: z.literal(true) }) },
  /**
   * The demo profile only: completes a lead intake draft the way the application does when its form
   * is saved (the sandbox's control route), so the demo shows the whole path from intake to lead.
   */
  'demo.completeLeadDraft': { input: z.strictObject({ draft_id: uuid }), output: z.object({ lead: leadSchema }) },
  'api.call': { input: apiCallInputSchema, output: apiCallOutputSchema },
  'pdf.open': { input: z.strictObject({ document_id: uuid, target: z.enum(['system', 'window']) }), output: z.object({ opened: z.literal(true) }) },
  'pdf.save': { input: z.strictObject({ document_id: uuid }), output: z.object({ saved: z.boolean(), file_name: z.string().nullable() }) },
  'ui.setLanguage': { input: z.strictObject({ language: z.enum(UI_LANGUAGES) }), output: z.object({ language: z.enum(UI_LANGUAGES) }) },
  /** What the app copies: a record id (UUID) or a request id main has shown (checked in main: CopyableTexts). */
  'clipboard.copy': { input: z.strictObject({ text: z.string().regex(REQUEST_ID_PATTERN, 'must be an id or a request id') }), output: z.object({ copied: z.literal(true) }) },
  /** Asks where to save (native dialog), then walks every page in main; progress comes as export.progress events. */
  'export.start': {
    input: exportStartSchema,
    output: z.discriminatedUnion('started', [
      z.object({ started: z.literal(false) }),
      z.object({ started: z.literal(true), job_id: jobIdSchema, file_name: z.string() }),
    ]),
  },
  'export.cancel': { input: z.strictObject({ job_id: jobIdSchema }), output: z.object({ cancelled: z.boolean() }) },
  'activity.record': { input: activityRecordSchema, output: z.object({ recorded: z.literal(true) }) },
  /** The active profile's writes, newest first. */
  'activity.list': { input: z.strictObject({}), output: z.object({ entries: z.array(activityEntrySchema) }) },
  /** Light, dark or the system's: one choice for the app (shared/views.ts). */
  'ui.getTheme': { input: z.strictObject({}), output: z.object({ theme: themeSchema }) },
  'ui.setTheme': { input: z.strictObject({ theme: themeSchema }), output: z.object({ theme: themeSchema }) },
  /** Every table's remembered view and named views of one profile. */
  'views.get': { input: z.strictObject({ profile_id: profileIdSchema }), output: z.object({ tables: profileViewsSchema }) },
  'views.save': { input: z.strictObject({ profile_id: profileIdSchema, area: areaKeySchema, views: tableViewsSchema }), output: z.object({ saved: z.literal(true) }) },
  /** A profile's list of what the API lists nowhere (lead intakes sent, records deleted from the app: shared/profile-lists.ts). */
  'lists.get': { input: z.strictObject({ profile_id: profileIdSchema, list: profileListNameSchema }), output: z.object({ entries: profileListEntriesSchema }) },
  'lists.save': { input: profileListSaveSchema, output: z.object({ saved: z.literal(true) }) },
  /** The active profile's local copy (shared/local): rows in the API's shape, sorted, filtered and searched in main. */
  'local.query': { input: localQueryInputSchema, output: localQueryOutputSchema },
  /** Counts and sums grouped by a column; money summed per currency. */
  'local.aggregate': { input: localAggregateInputSchema, output: localAggregateOutputSchema },
  /** Several local.query and local.aggregate reads in one call, answered in order (one hop for a screen's sections). */
  'local.readMany': { input: localReadManyInputSchema, output: localReadManyOutputSchema },
  'local.status': { input: z.strictObject({}), output: localStatusSchema },
  /** Starts a cycle in every area now (answers at once; progress comes as local.progress events). */
  'local.syncNow': { input: z.strictObject({}), output: z.object({ started: z.boolean() }) },
  /** Starts a deletion check (a walk of every area's ids) now. */
  'local.checkDeletions': { input: z.strictObject({}), output: z.object({ started: z.boolean() }) },
  /** Turns the active profile's copy off (its file is removed) or on again (a new first fill). */
  'local.setEnabled': { input: z.strictObject({ enabled: z.boolean() }), output: localStatusSchema },
  /** Removes the active profile's copy and starts it again from nothing. */
  'local.forget': { input: z.strictObject({}), output: z.object({ forgotten: z.literal(true) }) },
  ...OUTBOX_OPERATIONS,
} as const;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export type OperationInput<O extends OperationName> = z.input<(typeof OPERATIONS)[O]['input']>;
export type OperationOutput<O extends OperationName> = z.infer<(typeof OPERATIONS)[O]['output']>;

