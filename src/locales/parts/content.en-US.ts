/** Content of issue 31: the parent's dashboard, contract languages, posters (en-US). */
const messages: Record<string, string> = {
  'parent.none': 'No student is linked to your account yet. Ask the school to link your children.',
  'parent.hoursLeft': 'Hours left',
  'parent.hoursHelp': 'Hours left on the usable class cards, as the school’s student list shows them.',
  'parent.noCard': 'No usable card',
  'parent.low': 'Running low',
  'parent.expiring': 'Expiring soon',
  'parent.nextLessons': 'Next lessons',
  'parent.noLessons': 'No lessons scheduled',
  'parent.lessonWhere': '{className} · {room} · {teacher}',
  'parent.homeworkDue': 'Homework due',
  'parent.noHomework': 'Nothing to hand in',
  'parent.dueOn': 'due {date}',
  'parent.sentBack': 'Sent back',
  'parent.unread': '{n, plural, =0 {No unread notices} one {# unread notice} other {# unread notices}}',
  'parent.openInbox': 'Open the inbox',
  'parent.unreadAll': '{n, plural, =0 {No unread messages} one {# unread message in your inbox} other {# unread messages in your inbox}}',
  'parent.child': 'Child: {name}',

  'pact.lang': 'Language',
  'pact.lang.any': 'Any language',
  'pact.lang.en-US': 'English',
  'pact.lang.zh-CN': 'Chinese',
  'pact.lang.help': 'A card’s contract prints in the language of the person printing it: the default template of that language, else the default for any language.',

  'poster.pickStudentFirst': 'Choose a student before downloading.',
  'poster.logoHint': 'The poster shows the company’s logo (Theme and logo); without one, the company’s name.',
  'merchant.logo': 'Logo',
  'theme.logo': 'Company logo',
  'theme.logoRemove': 'Remove the company logo? Posters will show the company’s name instead.',
  'theme.logoHelp': 'Shown on posters. PNG, JPEG, GIF or WebP, up to 2 MB.',
};
export default messages;
