/** English texts of the lead screens: the intake and its draft, the intakes sent, the conversion and its result. */
export const enLeads = {
  leads: {
    intakeIntro: 'An intake is not a lead yet. The service keeps it as a draft (DRAFT) until it is completed in the application; then the lead appears in the leads list.',
    submit: 'Send intake',
    sentTitle: 'Intake sent as a draft',
    sentBody: 'The service answered with a draft (DRAFT), not a lead. The lead appears in the leads list once the draft is completed in the application.',
    draftId: 'Draft id',
    another: 'New intake',
    backToLeads: 'Back to leads',
    drafts: 'Intakes sent from this profile ({{n}})',
    draftsApp: 'Each waits as a draft until it is completed in the application; the lead then appears in the leads list.',
    draftsDemo: 'In the demo you play the application: “Complete in the demo” turns a draft into a lead, as saving its form in the application would.',
    waiting: 'Draft, waiting to be completed in the application',
    completed: 'Completed: the lead is in the list',
    sentAt: 'sent {{when}}',
    unnamed: 'Intake without a name',
    complete: 'Complete in the demo',
    completedNotice: 'The draft is now a lead',
    openLead: 'Open the lead',
    forget: 'Remove {{name}} from this list',
    draftGone: 'This draft is no longer in the demo data: it was completed or discarded, or the demo data was reset. You can remove it from this list.',
    convertIntro: 'A customer is created from this lead (its name, contact, email and phone). The lead is marked as won and shows its customer from then on.',
    convertAlready: 'This lead was already converted. Converting again creates nothing; the service answers with its customer:',
    customer: 'Customer',
    openCustomer: 'Open the customer',
    backToLead: 'Back to the lead',
    result: {
      created: { title: 'Converted to a customer', body: 'A new customer was created from the lead.' },
      linked: { title: 'Linked to a customer', body: 'A customer with the lead’s email already existed: the lead is now linked to that customer.' },
      already: { title: 'Already converted', body: 'This lead had been converted before, so nothing new was created.' },
    },
  },
  /** What a delete takes with it, per area, where the generic words say too little. */
  deleteBody: {
    leads: 'The lead is deleted with its activities and products of interest. Its tasks stay, no longer linked to a lead. This cannot be undone.',
  },
} as const;
