export default {
  needs: 'This key lacks {{permissions}}.',
  formNeeds: 'This key lacks {{permissions}}, so this form cannot be saved. Ask the business owner to add it in the application, under Settings → API keys.',
  fieldNeeds: 'Needs {{permission}}, which this key lacks.',
  featureOff: 'Expenses are turned off for this business: they can be read, not changed. Ask the business owner to enable expenses in the application.',
  formFeatureOff: 'Expenses are turned off for this business, so this form cannot be saved. Ask the business owner to enable expenses in the application.',
} as const;
