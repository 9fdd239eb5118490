/** School setup, students, class cards and the hour ledger (zh-CN). */
const messages: Record<string, string> = {
  'menu.studentList': '学员列表',
  'menu.schoolStaff': '员工管理',
  'menu.schoolRoom': '教室管理',
  'menu.schoolClass': '班级管理',
  'menu.schoolClassCard': '课时卡管理',
  'student.tab.list': '学员列表',
  'student.tab.cards': '课时卡列表',
  'student.tab.op': '课时卡操作',
  'student.tab.records': '课时记录',
};
export default messages;
