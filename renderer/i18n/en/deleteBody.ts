/** What a delete takes with it, per area, where the generic words say too little. */
export default {
  leads: 'The lead is deleted with its activities and products of interest. Its tasks stay, no longer linked to a lead. This cannot be undone.',
} as const;
