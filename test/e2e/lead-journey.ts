import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { ROUTES, fillPath, type RouteId } from '../../shared';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { axeViolations, blocking } from './axe';
import { addRow, choose, confirm, expectHash, fieldError, fill, newTaskFrom, pick, submitToRecord } from './forms';
import { apiGet, gotoArea, pageStorageText, screenshot, stopAtFirstFailure, waitForDetail, waitForRows, type Row } from './support';

/** What the journey types, in the language it runs in. */
const DATA = {
  en: { lead: 'Galil Bakery', contact: 'Dana Levi', meetingNote: 'Met at the food fair', callNote: 'Called back about prices', callEdited: 'Called back: wants a quote', emailNote: 'Price list sent', other: 'Harbour Café', task: 'Send the quote' },
  he: { lead: 'מאפיית הגליל', contact: 'דנה לוי', meetingNote: 'נפגשנו ביריד האוכל', callNote: 'חזרתי אליהם לגבי מחירים', callEdited: 'חזרתי אליהם: רוצים הצעת מחיר', emailNote: 'נשלח מחירון', other: 'קפה הנמל', task: 'לשלוח הצעת מחיר' },
} as const;

/** A write straight to the sandbox (set-up and the API side of the checks). */
async function apiSend(h: Harness, key: string, method: 'POST' | 'PATCH' | 'DELETE', route: RouteId, params: Record<string, string>, body?: unknown) {
  const res = await fetch(h.sandbox.baseUrl + fillPath(ROUTES[route].path, params), {
    method, headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data?: Row; error?: { code: string } } };
}

/** The intake drafts the sandbox holds for business A (its control route, owner key). */
async function sandboxDrafts(h: Harness): Promise<Row[]> {
  const res = await fetch(`${new URL(h.sandbox.baseUrl).origin}/_sandbox/lead-drafts`, { headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
  return ((await res.json()) as { data: Row[] }).data;
}

const noBlockingA11y = async (page: Page) => expect(blocking(await axeViolations(page))).toEqual([]);

/**
 * Issue 11's journeys in one language: the sales person, on the demo data, submits an intake, completes
 * its draft in the demo, finds the lead, edits it, changes its status, adds and edits activities,
 * converts it (then again), is not offered deleting it (and refused when it was converted elsewhere),
 * deletes another lead; a key without
 * customers:write cannot convert and is told why. Every step is checked through the API and on screen.
 */
export function leadJourney(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  const d = DATA[lang];
  const stamp = Date.now().toString(36);
  const leadName = `${d.lead} ${stamp}`;
  const email = `lead.${stamp}@example.com`;
  let h: Harness;
  const api = (route: RouteId, opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
  const details = async (id: string) => (await api('leads.details', { params: { id } })).data as Row;
  let draftId = '';
  let leadId = '';
  let customerId = '';

  beforeAll(async () => { h = await launchHarness({ lang, firstRun: true, sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  /** The first run's "Explore with demo data", once: what every step on the demo data starts from. */
  const openDemo = async () => {
    if (h.core.profiles.active()?.is_demo) return;
    await h.page.click('[data-testid="first-run-demo"]');
    await h.page.waitForSelector('nav [data-area="leads"]');
    expect(h.core.profiles.active()?.is_demo).toBe(true);
  };

  describe(`the sales person's lead flow on the demo data (${lang})`, () => {
    // One lead's life, step by step: each works on what the step before it made.
    stopAtFirstFailure();

    it('opens the demo data', openDemo);

    it('submits an intake: told it is a draft, not a lead, and the draft is listed', async () => {
      const product = ((await api('products.list', { query: { limit: 1, status: 'active' } })).data as Row[])[0]!;
      await gotoArea(h.page, 'leads');
      await h.page.click('[data-testid="action-new"]');
      expect(await (await h.page.waitForSelector('[data-testid="intake-intro"]')).textContent()).toBe(m.leads.intakeIntro);
      // A business or a contact name, one of them.
      await h.page.click('[data-testid="form-submit"]');
      await expect.poll(() => fieldError(h.page, 'name')).toBe(m.validation.name_or_contact);
      await fill(h.page, 'name', leadName);
      await fill(h.page, 'contact_name', d.contact);
      await fill(h.page, 'phone', '050-7654321');
      await fill(h.page, 'email', email);
      await choose(h.page, 'source', m.enums.referral);
      // The status the lead is meant to start in, kept with the draft.
      await choose(h.page, 'status', m.status.contacted);
      await addRow(h.page, 'products_of_interest');
      await pick(h.page, 'products_of_interest.0.product_id', String(product.name));
      await fill(h.page, 'products_of_interest.0.quantity', '3');
      await choose(h.page, 'activity.type', m.enums.meeting);
      await fill(h.page, 'activity.note', d.meetingNote);
      await screenshot(h.page, lang, 'lead-intake', true);
      await noBlockingA11y(h.page);
      await h.page.click('[data-testid="form-submit"]');

      const sent = await h.page.waitForSelector('[data-testid="intake-sent"]');
      draftId = (await sent.getAttribute('data-draft-id'))!;
      expect(await sent.textContent()).toContain(m.leads.sentBody);
      expect(await h.page.textContent('[data-testid="draft-id"]')).toBe(draftId);
      const row = h.page.locator(`[data-testid="lead-drafts"] [data-draft-id="${draftId}"]`);
      expect(await row.getAttribute('data-state')).toBe('draft');
      expect(await row.textContent()).toContain(leadName);
      // Main keeps the intake, not the page's own storage.
      const stored = await pageStorageText(h.page);
      expect(stored).not.toContain(leadName);
      expect(stored).not.toContain(draftId);
      // Through the API: a draft the sandbox holds, and no lead yet.
      expect((await sandboxDrafts(h)).find((x) => x.id === draftId)).toMatchObject({ status: 'DRAFT', intake: { name: leadName, contact_name: d.contact, source: 'REFERRAL', status: 'CONTACTED' } });
      expect((await api('leads.list', { query: { search: leadName } })).data).toEqual([]);
      await screenshot(h.page, lang, 'lead-intake-sent', true);
      await noBlockingA11y(h.page);
    });

    it('completes the draft in the demo and finds the new lead in the list', async () => {
      await h.page.click(`[data-draft-id="${draftId}"] [data-testid="draft-complete"]`);
      await h.page.waitForSelector(`[data-draft-id="${draftId}"][data-state="completed"]`);
      const found = (await api('leads.list', { query: { search: leadName } })).data as Row[];
      expect(found).toHaveLength(1);
      leadId = String(found[0]!.id);
      expect(leadId).not.toBe(draftId);
      expect((await sandboxDrafts(h)).some((x) => x.id === draftId)).toBe(false);
      const lead = await details(leadId);
      expect(lead).toMatchObject({ name: leadName, contact_name: d.contact, email, source: 'referral', status: 'contacted' });
      expect((lead.activities as Row[]).map((a) => [a.type, a.note])).toEqual([['meeting', d.meetingNote]]);
      expect((lead.products_of_interest as Row[]).map((p) => p.quantity)).toEqual(['3.000']);

      await h.page.click('[data-testid="intake-to-list"]');
      await h.page.fill('[data-testid="list-search"]', leadName);
      expect(await waitForRows(h.page, [leadId])).toEqual([leadId]);
      expect(await h.page.getAttribute(`[data-testid="lead-drafts"] [data-draft-id="${draftId}"]`, 'data-state')).toBe('completed');
      await screenshot(h.page, lang, 'leads-list-intakes');
      await h.page.click(`[data-testid="list-table"] tbody tr[data-id="${leadId}"]`);
      expect(await waitForDetail(h.page)).toBe('detail');
      const shown = await h.page.textContent('[data-testid="detail-view"]');
      for (const text of [leadName, d.contact, m.status.contacted, m.enums.referral, d.meetingNote]) expect(shown).toContain(text);
    });

    it('edits the lead', async () => {
      await h.page.click('[data-testid="action-edit"]');
      await expectHash(h.page, new RegExp(`#/leads/${leadId}/edit$`));
      expect(await h.page.inputValue('input[data-field="name"]')).toBe(leadName);
      await fill(h.page, 'phone', '04-6901234');
      await submitToRecord(h.page, 'leads');
      expect(await details(leadId)).toMatchObject({ name: leadName, phone: '04-6901234', email, contact_name: d.contact });
      expect(await h.page.textContent('[data-testid="detail-view"]')).toContain('04-6901234');
    });

    it('changes its status: a loss reason is asked for "lost" only', async () => {
      await h.page.click('[data-testid="action-status"]');
      await expectHash(h.page, new RegExp(`#/leads/${leadId}/status$`));
      expect(await h.page.locator('[data-field="loss_reason"]').count()).toBe(0);
      await choose(h.page, 'status', m.status.lost);
      await h.page.click('[data-testid="form-submit"]');
      await expect.poll(() => fieldError(h.page, 'loss_reason')).toBe(m.validation.loss_reason_required);
      await screenshot(h.page, lang, 'lead-status-lost', true);
      await choose(h.page, 'status', m.status.proposal);
      await h.page.locator('[data-field="loss_reason"]').waitFor({ state: 'detached' });
      await submitToRecord(h.page, 'leads');
      expect((await details(leadId)).status).toBe('proposal');
      // Back on the record, its screen shows the saved status from its first paint.
      expect(await h.page.textContent('[data-testid="detail-view"]')).toContain(m.status.proposal);
    });

    it('adds an activity and edits it; the lead shows its activities in time order', async () => {
      await h.page.click('[data-testid="action-addActivity"]');
      await fill(h.page, 'note', d.callNote);
      await submitToRecord(h.page, 'leads');
      const call = (await details(leadId)).activities as Row[];
      expect(call.map((a) => [a.type, a.note])).toEqual([['meeting', d.meetingNote], ['call', d.callNote]]);
      const callId = String(call[1]!.id);
      // An email logged through the API as having happened last year comes first on screen.
      const earlier = await apiSend(h, h.sandbox.keys.owner, 'POST', 'leads.addActivity', { id: leadId }, { type: 'EMAIL', note: d.emailNote, occurred_at: `${new Date().getUTCFullYear() - 1}-03-01T09:00:00.000Z` });
      expect(earlier.status).toBe(201);
      await h.page.reload();
      await h.page.waitForSelector(`[data-testid="row-editActivity"][data-row-id="${callId}"]`);
      const rows = await h.page.$$eval('[data-testid="subtable-activities"] tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
      expect(rows.map((r) => [r.includes(d.emailNote), r.includes(d.meetingNote), r.includes(d.callNote)])).toEqual([[true, false, false], [false, true, false], [false, false, true]]);

      await h.page.click(`[data-testid="row-editActivity"][data-row-id="${callId}"]`);
      await expectHash(h.page, new RegExp(`#/leads/${leadId}/editActivity/${callId}$`));
      expect(await h.page.inputValue('textarea[data-field="note"], input[data-field="note"]')).toBe(d.callNote);
      await fill(h.page, 'note', d.callEdited);
      await submitToRecord(h.page, 'leads');
      const edited = ((await details(leadId)).activities as Row[]).find((a) => a.id === callId)!;
      expect(edited).toMatchObject({ type: 'call', note: d.callEdited });
      expect(await h.page.textContent('[data-testid="subtable-activities"]')).toContain(d.callEdited);
      await screenshot(h.page, lang, 'lead-detail', true);
      await noBlockingA11y(h.page);
    });

    it('a new task for the lead starts filled with it and comes back to it once saved; the lead lists it', async () => {
      const title = `${d.task} ${stamp}`;
      await gotoArea(h.page, 'leads', leadId);
      expect(await waitForDetail(h.page)).toBe('detail');
      // The picker shows the lead by name.
      await newTaskFrom(h.page, 'leads', leadId, 'lead_id', leadName, title);
      const task = ((await api('tasks.list', { query: { search: title } })).data as Row[]).filter((t) => t.title === title);
      expect(task).toHaveLength(1);
      expect(task[0]).toMatchObject({ title, lead_id: leadId, status: 'open' });
      expect(((await details(leadId)).tasks as Row[]).map((t) => t.id)).toContain(task[0]!.id);
      // Back on the lead, its screen lists the task from its first paint.
      expect(await h.page.textContent('[data-testid="subtable-tasks"]')).toContain(title);
    });

    it('converts it to a customer after a confirmation, shows the result and opens the customer', async () => {
      await h.page.click('[data-testid="action-convert"]');
      const intro = await h.page.waitForSelector('[data-testid="convert-intro"]');
      expect(await intro.textContent()).toContain(m.leads.convertIntro);
      await screenshot(h.page, lang, 'lead-convert', true);
      await h.page.click('[data-testid="form-submit"]');
      const result = await h.page.waitForSelector('[data-testid="convert-result"]');
      expect(await result.getAttribute('data-outcome')).toBe('created');
      expect(await result.textContent()).toContain(m.leads.result.created.title);
      const lead = await details(leadId);
      customerId = String(lead.converted_customer_id);
      expect(lead.status).toBe('won');
      expect(await h.page.getAttribute('[data-testid="converted-customer"]', 'href')).toContain(`customers/${customerId}`);
      expect(await h.page.textContent('[data-testid="converted-customer"]')).toBe(leadName);
      const customer = (await api('customers.details', { params: { id: customerId } })).data as Row;
      expect(customer).toMatchObject({ name: leadName, email, contact_person: d.contact });
      await screenshot(h.page, lang, 'lead-converted', true);
      await noBlockingA11y(h.page);

      await h.page.click('[data-testid="open-customer"]');
      await expectHash(h.page, new RegExp(`#/customers/${customerId}$`));
      expect(await waitForDetail(h.page)).toBe('detail');
      expect(await h.page.textContent('[data-testid="detail-view"]')).toContain(email);
    });

    it('the lead shows its customer from then on; converting again shows "already converted"', async () => {
      await gotoArea(h.page, 'leads', leadId);
      expect(await waitForDetail(h.page)).toBe('detail');
      await h.page.waitForSelector(`[data-testid="detail-view"] a[href*="customers/${customerId}"]`);
      expect(await h.page.textContent('[data-testid="detail-view"]')).toContain(m.status.won);
      await h.page.click('[data-testid="action-convert"]');
      await h.page.waitForSelector('[data-testid="convert-intro"][data-converted="true"]');
      await h.page.click('[data-testid="form-submit"]');
      const result = await h.page.waitForSelector('[data-testid="convert-result"]');
      expect(await result.getAttribute('data-outcome')).toBe('already');
      expect(await result.textContent()).toContain(m.leads.result.already.title);
      expect(await h.page.getAttribute('[data-testid="converted-customer"]', 'href')).toContain(`customers/${customerId}`);
      expect((await api('customers.list', { query: { search: leadName } })).data as Row[]).toHaveLength(1);
      await screenshot(h.page, lang, 'lead-already-converted', true);
    });

    it('a converted lead offers no delete, and says why', async () => {
      await gotoArea(h.page, 'leads', leadId);
      expect(await waitForDetail(h.page)).toBe('detail');
      expect(await h.page.textContent('[data-testid="delete-not-offered"]')).toBe(m.notOffered.convertedLead);
      expect(await h.page.locator('[data-testid="action-delete"]').count()).toBe(0);
      await screenshot(h.page, lang, 'lead-delete-not-offered', true);
    });

  });

  describe(`other leads on the demo data (${lang})`, () => {
    beforeAll(openDemo, 60_000);

    it('a lead converted elsewhere after it was opened: deleting it is refused, the reason in words', async () => {
      const made = await apiSend(h, h.sandbox.keys.owner, 'POST', 'leads.create', {}, { name: `${d.other} ${stamp} converted elsewhere` });
      const done = await fetch(`${new URL(h.sandbox.baseUrl).origin}/_sandbox/lead-drafts/${String(made.body.data!.id)}/complete`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
      const raceId = String(((await done.json()) as { data: Row }).data.id);
      await gotoArea(h.page, 'leads', raceId);
      expect(await waitForDetail(h.page)).toBe('detail');
      expect((await apiSend(h, h.sandbox.keys.owner, 'POST', 'leads.convert', { id: raceId }, { mode: 'DEFAULT' })).status).toBe(201);
      await h.page.click('[data-testid="action-delete"]');
      expect(await h.page.textContent('[data-testid="confirm-dialog"]')).toContain(m.deleteBody.leads);
      await confirm(h.page);
      const problem = await h.page.waitForSelector('[data-testid="record-actions"] [data-testid="error-state"]');
      expect(await problem.textContent()).toContain(m.conflicts.lead_already_converted);
      expect(await h.page.textContent('[data-testid="error-code"]')).toBe('lead_already_converted');
      expect((await details(raceId)).id).toBe(raceId);
      await screenshot(h.page, lang, 'lead-delete-refused', true);
    });

    it('deletes an unconverted lead; its tasks stay, detached from it', async () => {
      const other = await apiSend(h, h.sandbox.keys.owner, 'POST', 'leads.create', {}, { name: `${d.other} ${stamp}` });
      const done = await fetch(`${new URL(h.sandbox.baseUrl).origin}/_sandbox/lead-drafts/${String(other.body.data!.id)}/complete`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
      const otherId = String(((await done.json()) as { data: Row }).data.id);
      const task = await apiSend(h, h.sandbox.keys.owner, 'POST', 'tasks.create', {}, { title: `Follow up ${stamp}`, lead_id: otherId });
      const taskId = String(task.body.data!.id);
      await gotoArea(h.page, 'leads', otherId);
      expect(await waitForDetail(h.page)).toBe('detail');
      expect(await h.page.textContent('[data-testid="subtable-tasks"]')).toContain(`Follow up ${stamp}`);
      await h.page.click('[data-testid="action-delete"]');
      await confirm(h.page);
      await expectHash(h.page, /^#\/leads$/);
      await expect(api('leads.get', { params: { id: otherId } })).rejects.toThrow(/404/);
      expect(((await api('tasks.get', { params: { id: taskId } })).data as Row).lead_id).toBeNull();
    });
  });

  describe(`a key without customers:write (${lang})`, () => {
    beforeAll(async () => {
      const sender = `${h.origin}/`;
      const added = await h.core.router.handle(sender, 'sales-add', 'profiles.add', {
        name: 'Sales', environment: 'test', base_url: h.sandbox.baseUrl, key: { source: 'typed', key: h.sandbox.keys.sales }, session_only: true,
      });
      if (!added.ok) throw new Error(added.error.message);
      await h.core.router.handle(sender, 'sales-act', 'profiles.activate', { id: (added.data as { id: string }).id });
      await h.page.reload();
      await h.page.waitForSelector('nav [data-area="leads"]');
    }, 60_000);

    it('cannot convert, and is told which permission is missing', async () => {
      const unconverted = ((await api('leads.list', { query: { limit: 50, status: 'new' } })).data as Row[]).find((l) => l.converted_customer_id === null)!;
      const id = String(unconverted.id);
      await gotoArea(h.page, 'leads', id);
      expect(await waitForDetail(h.page)).toBe('detail');
      await expect.poll(() => h.page.isDisabled('[data-testid="action-convert"]'), { timeout: 15_000 }).toBe(true);
      const reason = await h.page.textContent('[data-testid="write-locked-reason"]');
      expect(reason).toContain('customers:write');
      expect(reason).not.toContain('leads:write');
      expect(await h.page.isDisabled('[data-testid="action-status"]')).toBe(false);
      await screenshot(h.page, lang, 'lead-convert-locked', true);
      // Opened by its address, the form says why it cannot be saved.
      await gotoArea(h.page, `leads/${id}/convert`);
      expect(await (await h.page.waitForSelector('[data-testid="form-locked"]')).textContent()).toContain('customers:write');
      expect(await h.page.isDisabled('[data-testid="form-submit"]')).toBe(true);
      // Through the API: refused before anything changes.
      const refused = await apiSend(h, h.sandbox.keys.sales, 'POST', 'leads.convert', { id }, { mode: 'DEFAULT' });
      expect([refused.status, refused.body.error?.code]).toEqual([403, 'insufficient_permission']);
      expect((await details(id)).converted_customer_id).toBeNull();
    });

    it('sends intakes, but completing a draft is only offered on the demo profile', async () => {
      await gotoArea(h.page, 'leads/new');
      await h.page.waitForSelector('[data-testid="intake-intro"]');
      await fill(h.page, 'contact_name', `${d.contact} ${stamp}`);
      await h.page.click('[data-testid="form-submit"]');
      const sent = await h.page.waitForSelector('[data-testid="intake-sent"]');
      const id = (await sent.getAttribute('data-draft-id'))!;
      expect(await h.page.textContent('[data-testid="lead-drafts"]')).toContain(m.leads.draftsApp);
      expect(await h.page.locator(`[data-testid="lead-drafts"] [data-draft-id="${id}"]`).getAttribute('data-state')).toBe('draft');
      expect(await h.page.locator('[data-testid="draft-complete"]').count()).toBe(0);
      expect((await sandboxDrafts(h)).find((x) => x.id === id)).toMatchObject({ intake: { contact_name: `${d.contact} ${stamp}` } });
      // The demo profile's intakes are its own: this profile lists only the one it sent.
      expect(await h.page.locator('[data-testid="lead-drafts"] [data-draft-id]').count()).toBe(1);
    });
  });
}
