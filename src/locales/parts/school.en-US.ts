/** School setup, students, class cards and the hour ledger (en-US). */
const messages: Record<string, string> = {
  'menu.studentList': 'Students',
  'menu.schoolStaff': 'Staff',
  'menu.schoolRoom': 'Rooms',
  'menu.schoolClass': 'Classes',
  'menu.schoolClassCard': 'Class cards',
  'student.tab.list': 'Students',
  'student.tab.cards': 'Class cards',
  'student.tab.op': 'Card operations',
  'student.tab.records': 'Hour records',
};
export default messages;
