/** Dialogs (issue 31): closing a changed form (en-US). */
const messages: Record<string, string> = {
  'form.discard.title': 'Discard your changes?',
  'form.discard.text': 'What you typed in this form will be lost.',
  'form.discard.ok': 'Discard',
  'form.discard.keep': 'Keep editing',
};
export default messages;
