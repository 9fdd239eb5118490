/** Everyday use (issue 9): number fields, export/import, jump search, receipts, shared labels. English. */
export default {
  'ev.number.noNegative': 'A minus sign is not allowed here: enter a positive number.',
  'ev.number.integer': 'Enter a whole number.',
  'ev.number.between': 'Enter a number from {min} to {max}.',
  'ev.number.min': 'Enter a number of at least {min}.',
  'ev.number.max': 'Enter a number of at most {max}.',
  'ev.money.zeroTitle': 'The amount is ¥0.00',
  'ev.money.zeroContent': 'Is this a free card? Confirm to save it with an amount of 0.',
  'ev.money.zeroOk': 'Yes, ¥0',
  'ev.selectRow': 'Select {name}',
  'ev.export': 'Export',
  'ev.export.title': 'Exporting {name}',
  'ev.export.progress': 'Export progress',
  'ev.export.fetching': '{done} of {total} rows read…',
  'ev.export.writing': 'Writing {n, plural, one {# row} other {# rows}} to Excel…',
  'ev.export.done': 'Exported {n, plural, one {# row} other {# rows}} in {s} s.',
  'ev.export.cancelled': 'Export cancelled: no file was saved.',
};
