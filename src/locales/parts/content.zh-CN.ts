/** Content of issue 31: the parent's dashboard, contract languages, posters (zh-CN). */
const messages: Record<string, string> = {
  'parent.none': '您的账号还没有关联学员，请联系机构关联孩子。',
  'parent.hoursLeft': '剩余课时',
  'parent.hoursHelp': '可用课时卡上的剩余课时，与机构学员列表显示的一致。',
  'parent.noCard': '无可用课时卡',
  'parent.low': '课时不足',
  'parent.expiring': '即将到期',
  'parent.nextLessons': '近期课程',
  'parent.noLessons': '暂无排课',
  'parent.lessonWhere': '{className} · {room} · {teacher}',
  'parent.homeworkDue': '待交作业',
  'parent.noHomework': '暂无待交作业',
  'parent.dueOn': '截止 {date}',
  'parent.sentBack': '已退回',
  'parent.unread': '{n, plural, =0 {没有未读通知} other {# 条未读通知}}',
  'parent.openInbox': '打开收件箱',
  'parent.unreadAll': '{n, plural, =0 {收件箱没有未读消息} other {收件箱有 # 条未读消息}}',
  'parent.child': '孩子：{name}',

  'pact.lang': '语言',
  'pact.lang.any': '任意语言',
  'pact.lang.en-US': '英文',
  'pact.lang.zh-CN': '中文',
  'pact.lang.help': '课卡合同按打印人的界面语言打印：使用该语言的默认模板，没有时使用适用于任意语言的默认模板。',

  'poster.pickStudentFirst': '请先选择学员再下载。',
  'poster.logoHint': '海报使用公司标志（主题与标志）；未上传时显示公司名称。',
  'merchant.logo': '标志',
  'theme.logo': '公司标志',
  'theme.logoRemove': '移除公司标志？海报将改为显示公司名称。',
  'theme.logoHelp': '用于海报。PNG、JPEG、GIF 或 WebP，不超过 2 MB。',
};
export default messages;
