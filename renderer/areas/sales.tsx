import { Suspense } from 'react';
import { SALES } from '../resources/sales';
import { preloadable } from '../lib/preloadable';
import { defineGroup } from './group';

/** The lead screens the generic kit does not make: an intake that makes a draft, a conversion with its result, the intakes sent. */
const LeadIntake = preloadable(() => import('../screens/leads/LeadIntakeScreen').then((m) => m.default));
const ConvertLead = preloadable(() => import('../screens/leads/ConvertLeadScreen').then((m) => m.default));
const LeadDraftsPanel = preloadable(() => import('../screens/leads/LeadDrafts').then((m) => m.default));

/** Lazy chunk of the "sales" group. */
export default defineGroup(SALES, {
  leads: {
    // Its own boundary: the list does not wait for the panel's code.
    listPanel: () => <Suspense fallback={null}><LeadDraftsPanel /></Suspense>,
    forms: { new: LeadIntake, convert: ConvertLead },
  },
});
