export default {
  open: 'Open PDF',
  openSystem: 'Open in PDF viewer',
  save: 'Save PDF',
  opening: 'Opening the PDF…',
  saving: 'Saving the PDF…',
  unavailable: 'No PDF is available for this document yet.',
  saved: 'Saved as {{name}}',
  cancelled: 'Saving was cancelled.',
  opened: 'The PDF was opened.',
} as const;
