/**
 * The audit log's action kinds (issue 31): ONE table, call → kind, the field naming its record (the subject) and the
 * sentence in both languages. `mock/domains/audit.ts` stores each write as a structured row (kind, actor, subject,
 * params, changes) and renders it in the reader's language from this table; `mock/domains/audit.test.ts` holds that
 * every write call of `registry` has a row here (a new call without one fails it).
 *
 * Sentence variables: {subject} (the record: a card number, a name, a title...), {student}, {amount} (money, formatted
 * as everywhere), {hours}, {count}, {days}, {month}, {status}, {reason}. A variable the write did not give reads "—".
 * `null`: a POST that changes nothing (a preview, a read marker), not logged.
 */

export interface AuditKind {
  /** `<group>.<verb>`: the group is the "kind of action" filter of /operate. */
  kind: string;
  /** Field of the written row naming it (falls back to cardNo, orderNo, name, title, studentName...). */
  subject?: string;
  en: string;
  zh: string;
}

type Row = [call: string, kind: string, subject: string | undefined, en: string, zh: string];

const ROWS: (Row | [call: string, quiet: null])[] = [
  // session and self
  ['POST /v2/company_role/switch', 'self.switch', 'name', 'Switched to company {subject}', '切换到公司 {subject}'],
  ['PUT /v2/user/profile', 'self.profile', 'name', 'Updated their profile', '修改了个人资料'],
  ['POST /v2/user/password', 'self.password', undefined, 'Changed their password', '修改了登录密码'],
  ['POST /v2/user/mobile', 'self.mobile', 'mobile', 'Changed their mobile to {subject}', '将手机号改为 {subject}'],
  ['POST /v2/user/avatar', 'self.avatar', undefined, 'Changed their avatar', '更换了头像'],
  ['POST /v2/feedback', 'self.feedback', 'title', 'Sent feedback “{subject}”', '提交了意见反馈「{subject}」'],
  ['POST /v2/inbox/read', null],
  ['POST /v2/system_bulletin/read', null],
  ['POST /v2/notice/receivers', null],
  // subscription
  ['POST /v2/subscription_order', 'subscription.order', 'orderNo', 'Ordered subscription {subject}, {amount}', '下单订阅 {subject}，{amount}'],
  ['POST /v2/subscription_order/pay', 'subscription.pay', 'orderNo', 'Paid subscription order {subject}, {amount}', '支付订阅订单 {subject}，{amount}'],
  ['POST /v2/subscription_order/cancel', 'subscription.cancel', 'orderNo', 'Cancelled subscription order {subject}', '取消订阅订单 {subject}'],
  // notifications
  ['PUT /v2/notify/rules', 'notify.rule', 'event', 'Turned {status} the “{subject}” notification ({channel}, to {receiver})', '{status}“{subject}”通知（{channel}，发给{receiver}）'],
  ['POST /v2/notice', 'notice.send', 'title', 'Sent notice “{subject}” to {count} receivers', '发送通知「{subject}」给 {count} 位接收人'],
  ['POST /v2/message_template', 'messageTemplate.create', 'name', 'Added message template {subject}', '新建消息模板 {subject}'],
  ['PUT /v2/message_template', 'messageTemplate.update', 'name', 'Edited message template {subject}', '修改消息模板 {subject}'],
  ['DELETE /v2/message_template/:id', 'messageTemplate.delete', 'name', 'Deleted message template {subject}', '删除消息模板 {subject}'],
  ['POST /v2/system_bulletin', 'bulletin.create', 'title', 'Published bulletin “{subject}”', '发布公告「{subject}」'],
  ['PUT /v2/system_bulletin', 'bulletin.update', 'title', 'Edited bulletin “{subject}”', '修改公告「{subject}」'],
  ['DELETE /v2/system_bulletin/:id', 'bulletin.delete', 'title', 'Deleted bulletin “{subject}”', '删除公告「{subject}」'],
  // finance
  ['POST /v2/arrears/write_off', 'finance.writeOff', 'cardNo', 'Wrote off arrears of card {subject}, {amount}', '核销课卡 {subject} 的欠费，{amount}'],
  ['POST /v2/finance/month_close', 'finance.close', 'month', 'Closed month {subject}', '结账月份 {subject}'],
  ['POST /v2/finance/month_close/reopen', 'finance.reopen', 'month', 'Reopened month {subject}: {reason}', '反结账月份 {subject}：{reason}'],
  ['POST /v2/bill', 'bill.create', 'counterparty', 'Added a bill entry for {subject}, {amount}', '新增账单：{subject}，{amount}'],
  ['PUT /v2/bill', 'bill.update', 'counterparty', 'Edited the bill entry for {subject}, {amount}', '修改账单：{subject}，{amount}'],
  ['POST /v2/bill/void', 'bill.void', 'counterparty', 'Voided the bill entry for {subject}, {amount}: {reason}', '作废账单：{subject}，{amount}：{reason}'],
  ['POST /v2/salary_plan', 'salary.plan', 'staffName', 'Set the salary plan of {subject}', '设置 {subject} 的薪资方案'],
  ['POST /v2/salary/generate', 'salary.generate', 'month', 'Generated the salaries of {subject}', '生成 {subject} 的工资'],
  ['POST /v2/salary/wage', 'salary.wage', 'staffName', 'Set the base salary of {subject} to {amount}', '将 {subject} 的底薪设为 {amount}'],
  ['POST /v2/salary/adjust', 'salary.adjust', 'staffName', 'Added a bonus or penalty for {subject}, {amount}: {reason}', '为 {subject} 添加奖惩，{amount}：{reason}'],
  ['POST /v2/salary/adjust/remove', 'salary.adjustRemove', 'staffName', 'Removed a bonus or penalty of {subject}', '删除 {subject} 的一项奖惩'],
  ['POST /v2/salary/check', 'salary.check', 'staffName', 'Checked the salary of {subject}', '核对 {subject} 的工资'],
  ['POST /v2/salary/check_amount', 'salary.checkAmount', 'staffName', 'Checked the salary amount of {subject}, {amount}', '核对 {subject} 的工资金额，{amount}'],
  ['DELETE /v2/salary/:id', 'salary.delete', 'staffName', 'Deleted the salary line of {subject}', '删除 {subject} 的工资记录'],
  ['POST /v2/salary/pay', 'salary.pay', 'staffName', 'Paid salaries: {subject}, {amount}', '发放工资：{subject}，{amount}'],
  // campus management
  ['POST /v2/permission_group/', 'permission.create', 'name', 'Added permission group {subject}', '新建权限组 {subject}'],
  ['PUT /v2/permission_group/', 'permission.update', 'name', 'Edited permission group {subject}', '修改权限组 {subject}'],
  ['DELETE /v2/permission_group/:id', 'permission.delete', 'name', 'Deleted permission group {subject}', '删除权限组 {subject}'],
  ['POST /v2/permission_group/assign', 'permission.assign', 'name', 'Changed the permission group of {subject}', '调整 {subject} 的权限组'],
  ['POST /v2/company_kt/campus', 'campus.create', 'name', 'Added campus {subject}', '新建校区 {subject}'],
  ['PUT /v2/company_kt/campus', 'campus.update', 'name', 'Edited campus {subject}', '修改校区 {subject}'],
  ['POST /v2/company_kt/campus/main', 'campus.main', 'name', 'Made {subject} the main campus', '将 {subject} 设为主校区'],
  ['POST /v2/company_kt/campus/renew', 'campus.renew', 'name', 'Renewed campus {subject} by {days} days', '续费校区 {subject} {days} 天'],
  ['POST /v2/account/staff', 'account.staff', 'name', 'Created a login for {subject}', '为 {subject} 开通登录账号'],
  ['POST /v2/account/reset_password', 'account.reset', 'name', 'Reset the password of {subject}', '重置 {subject} 的密码'],
  ['POST /v2/account/disable', 'account.disable', 'name', 'Disabled the account of {subject}', '停用 {subject} 的账号'],
  ['POST /v2/account/enable', 'account.enable', 'name', 'Enabled the account of {subject}', '启用 {subject} 的账号'],
  ['POST /v2/account/parent', 'account.parent', 'name', 'Created a parent login for {subject}', '为家长 {subject} 开通登录账号'],
  ['POST /v2/account/parent/link', 'account.parentLink', 'name', 'Linked students to parent {subject}', '为家长 {subject} 关联学员'],
  ['POST /v2/invitation/cancel', 'invitation.cancel', 'name', 'Cancelled the invitation of {subject}', '撤回对 {subject} 的邀请'],
  ['POST /v2/invitation/accept', 'invitation.accept', 'name', 'Accepted the invitation as {subject}', '以 {subject} 的身份接受了邀请'],
  ['POST /v2/invitation/decline', 'invitation.decline', 'name', 'Declined the invitation as {subject}', '以 {subject} 的身份拒绝了邀请'],
  ['POST /v2/user/login/invitation', 'invitation.login', 'name', 'Answered the invitation as {subject} when signing in ({status})', '登录时以 {subject} 的身份回复了邀请（{status}）'],
  ['PUT /v2/setting', 'settings.update', undefined, 'Changed the company settings', '修改公司设置'],
  ['PUT /v2/company_kt/theme_color', 'settings.theme', 'color', 'Set the theme colour to {subject}', '将主题色设为 {subject}'],
  ['DELETE /v2/company_kt/theme_color', 'settings.themeReset', undefined, 'Reset the theme colour', '恢复默认主题色'],
  ['PUT /v2/company_kt/logo', 'settings.logo', undefined, 'Changed the company logo', '更换了公司标志'],
  ['DELETE /v2/company_kt/logo', 'settings.logoReset', undefined, 'Removed the company logo', '移除了公司标志'],
  ['PUT /v2/campus_web', 'web.update', 'title', 'Edited the web page “{subject}”', '修改微官网「{subject}」'],
  ['POST /v2/invoice', 'invoice.request', 'orderNo', 'Asked for an invoice of order {subject}, {amount}', '申请订单 {subject} 的发票，{amount}'],
  ['POST /v2/contract_template', 'contract.create', 'name', 'Added contract template {subject}', '新建合同模板 {subject}'],
  ['PUT /v2/contract_template', 'contract.update', 'name', 'Edited contract template {subject}', '修改合同模板 {subject}'],
  ['DELETE /v2/contract_template/:id', 'contract.delete', 'name', 'Deleted contract template {subject}', '删除合同模板 {subject}'],
  // leads
  ['POST /v2/customer', 'lead.create', 'name', 'Added lead {subject}', '新增客户 {subject}'],
  ['PUT /v2/customer', 'lead.update', 'name', 'Edited lead {subject}', '修改客户 {subject}'],
  ['POST /v2/customer/distribute', 'lead.distribute', 'name', 'Assigned {count} leads', '分配了 {count} 个客户'],
  ['POST /v2/customer/release', 'lead.release', 'name', 'Released {count} leads to the pool', '将 {count} 个客户放回公海'],
  ['POST /v2/customer/formal', 'lead.formal', 'name', 'Converted lead {subject} to a customer', '将客户 {subject} 转为正式学员'],
  ['POST /v2/customer_follow_up', 'lead.followUp', 'leadName', 'Followed up lead {subject}', '跟进客户 {subject}'],
  ['DELETE /v2/customer/:id', 'lead.delete', 'name', 'Deleted lead {subject}', '删除客户 {subject}'],
  ['POST /v2/lead/claim', 'lead.claim', 'name', 'Claimed {count} leads from the pool', '从公海领取了 {count} 个客户'],
  ['POST /v2/customer/import', 'lead.import', undefined, 'Imported {count} leads from Excel', '从 Excel 导入了 {count} 个客户'],
  ['POST /v2/gather', 'gather.create', 'title', 'Added collection form “{subject}”', '新建采集表单「{subject}」'],
  ['PUT /v2/gather', 'gather.update', 'title', 'Edited collection form “{subject}”', '修改采集表单「{subject}」'],
  ['DELETE /v2/gather/:id', 'gather.delete', 'title', 'Deleted collection form “{subject}”', '删除采集表单「{subject}」'],
  ['POST /v2/wdc_customer/accept', 'webSignup.accept', 'name', 'Took web sign-up {subject} as a lead', '将网站报名 {subject} 转为客户'],
  ['POST /v2/wdc_customer/discard', 'webSignup.discard', 'name', 'Discarded web sign-up {subject}', '忽略网站报名 {subject}'],
  ['POST /v2/market_merchant', 'merchant.create', 'name', 'Added merchant {subject}', '新增合作商户 {subject}'],
  ['PUT /v2/market_merchant', 'merchant.update', 'name', 'Edited merchant {subject}', '修改合作商户 {subject}'],
  ['DELETE /v2/market_merchant/:id', 'merchant.delete', 'name', 'Deleted merchant {subject}', '删除合作商户 {subject}'],
  // schedule
  ['POST /v2/lesson/batch', 'lesson.batch', 'className', 'Scheduled {count} lessons of {subject}', '为 {subject} 排了 {count} 节课'],
  ['POST /v2/lesson', 'lesson.create', 'className', 'Scheduled a lesson of {subject}', '为 {subject} 排课'],
  ['PUT /v2/lesson', 'lesson.update', 'className', 'Changed a lesson of {subject}', '调整 {subject} 的课程'],
  ['POST /v2/lesson/cancel', 'lesson.cancel', 'className', 'Cancelled a lesson of {subject}', '取消 {subject} 的一节课'],
  ['POST /v2/lesson/roll_call', 'lesson.rollCall', 'className', 'Took the roll call of {subject}', '为 {subject} 点名'],
  ['POST /v2/lesson/roll_call/undo', 'lesson.rollCallUndo', 'className', 'Undid the roll call of {subject}', '撤销 {subject} 的点名'],
  ['POST /v2/leave', 'leave.create', 'studentName', 'Asked leave for {subject}', '为 {subject} 请假'],
  ['POST /v2/leave/approve', 'leave.approve', 'studentName', 'Approved the leave of {subject}', '批准 {subject} 的请假'],
  ['POST /v2/leave/reject', 'leave.reject', 'studentName', 'Rejected the leave of {subject}', '驳回 {subject} 的请假'],
  ['POST /v2/reservation', 'reservation.create', 'studentName', 'Booked a lesson for {subject}', '为 {subject} 预约课程'],
  ['POST /v2/reservation/cancel', 'reservation.cancel', 'studentName', 'Cancelled the booking of {subject}', '取消 {subject} 的预约'],
  ['POST /v2/trial', 'trial.create', 'leadName', 'Booked a free trial for {subject}', '为 {subject} 预约试听'],
  ['POST /v2/trial/status', 'trial.status', 'leadName', 'Marked the trial of {subject} as {status}', '将 {subject} 的试听标记为{status}'],
  // school setup
  ['POST /v2/company_staff', 'staff.create', 'name', 'Added staff member {subject}', '新增员工 {subject}'],
  ['PUT /v2/company_staff', 'staff.update', 'name', 'Edited staff member {subject}', '修改员工 {subject}'],
  ['DELETE /v2/company_staff/:id', 'staff.delete', 'name', 'Deleted staff member {subject}', '删除员工 {subject}'],
  ['POST /v2/company_dance_room', 'room.create', 'name', 'Added room {subject}', '新增教室 {subject}'],
  ['PUT /v2/company_dance_room', 'room.update', 'name', 'Edited room {subject}', '修改教室 {subject}'],
  ['DELETE /v2/company_dance_room/:id', 'room.delete', 'name', 'Deleted room {subject}', '删除教室 {subject}'],
  ['POST /v2/company_class', 'class.create', 'name', 'Added class {subject}', '新增班级 {subject}'],
  ['PUT /v2/company_class', 'class.update', 'name', 'Edited class {subject}', '修改班级 {subject}'],
  ['DELETE /v2/company_class/:id', 'class.delete', 'name', 'Deleted class {subject}', '删除班级 {subject}'],
  ['POST /v2/company_class/enrol', 'class.enrol', 'name', 'Enrolled {count} students in {subject}', '将 {count} 名学员加入 {subject}'],
  ['POST /v2/company_class/remove', 'class.remove', 'name', 'Removed {count} students from {subject}', '将 {count} 名学员移出 {subject}'],
  ['POST /v2/student', 'student.create', 'name', 'Added student {subject}', '新增学员 {subject}'],
  ['PUT /v2/student', 'student.update', 'name', 'Edited student {subject}', '修改学员 {subject}'],
  ['DELETE /v2/student/:id', 'student.delete', 'name', 'Deleted student {subject}', '删除学员 {subject}'],
  ['POST /v2/student/import', 'student.import', undefined, 'Imported {count} students from Excel', '从 Excel 导入了 {count} 名学员'],
  ['POST /v2/card_template', 'cardTemplate.create', 'name', 'Added card template {subject}', '新建课卡模板 {subject}'],
  ['PUT /v2/card_template', 'cardTemplate.update', 'name', 'Edited card template {subject}', '修改课卡模板 {subject}'],
  ['DELETE /v2/card_template/:id', 'cardTemplate.delete', 'name', 'Deleted card template {subject}', '删除课卡模板 {subject}'],
  // cards
  ['POST /v2/student_card/remind', 'card.remind', 'cardNo', 'Reminded the parent of {student} to renew card {subject}', '提醒 {student} 的家长续费课卡 {subject}'],
  ['POST /v2/student_card/sell', 'card.sell', 'cardNo', 'Sold card {subject} to {student}, {amount}', '向 {student} 售出课卡 {subject}，{amount}'],
  ['POST /v2/student_card/renew', 'card.renew', 'cardNo', 'Renewed card {subject} of {student}, {amount}', '为 {student} 续费课卡 {subject}，{amount}'],
  ['POST /v2/student_card/gift', 'card.gift', 'cardNo', 'Gave {hours} h on card {subject} of {student}', '向 {student} 的课卡 {subject} 赠送 {hours} 课时'],
  ['POST /v2/student_card/consume', 'card.consume', 'cardNo', 'Took {hours} h from card {subject} of {student}', '扣除 {student} 的课卡 {subject} {hours} 课时'],
  ['POST /v2/student_card/return', 'card.return', 'cardNo', 'Asked to return {hours} h of card {subject} of {student}', '申请退还 {student} 的课卡 {subject} {hours} 课时'],
  ['POST /v2/student_card/review', 'card.review', 'cardNo', 'Reviewed the return on card {subject} of {student}: {status}', '审核 {student} 的课卡 {subject} 退课：{status}'],
  ['POST /v2/student_card/correct', 'card.correct', 'cardNo', 'Corrected card {subject} of {student} by {hours} h', '修正 {student} 的课卡 {subject} {hours} 课时'],
  ['POST /v2/student_card/invalidate', 'card.invalidate', 'cardNo', 'Invalidated card {subject} of {student}: {reason}', '作废 {student} 的课卡 {subject}：{reason}'],
  // teaching
  ['POST /v2/homework', 'homework.create', 'title', 'Set homework “{subject}”', '布置作业「{subject}」'],
  ['DELETE /v2/homework/:id', 'homework.delete', 'title', 'Deleted homework “{subject}”', '删除作业「{subject}」'],
  ['POST /v2/homework/submission/check', 'homework.check', 'studentName', 'Checked the homework of {subject}', '批改 {subject} 的作业'],
  ['POST /v2/homework/submission/reject', 'homework.reject', 'studentName', 'Returned the homework of {subject}', '退回 {subject} 的作业'],
  ['POST /v2/homework/submission/submit', 'homework.submit', 'studentName', 'Handed in the homework of {subject}', '提交 {subject} 的作业'],
  ['POST /v2/exam', 'exam.create', 'name', 'Added score sheet {subject}', '新建成绩单 {subject}'],
  ['PUT /v2/exam', 'exam.update', 'name', 'Edited score sheet {subject}', '修改成绩单 {subject}'],
  ['DELETE /v2/exam/:id', 'exam.delete', 'name', 'Deleted score sheet {subject}', '删除成绩单 {subject}'],
  ['POST /v2/exam/scores', 'exam.scores', 'name', 'Entered the scores of {subject}', '录入 {subject} 的成绩'],
  // platform
  ['POST /v2/company_kt/add_company', 'company.create', 'name', 'Added company {subject}', '新增公司 {subject}'],
  ['PUT /v2/company_kt', 'company.update', 'name', 'Edited company {subject}', '修改公司 {subject}'],
  ['DELETE /v2/company_kt/:id', 'company.delete', 'name', 'Deleted company {subject}', '删除公司 {subject}'],
  ['POST /v2/company_kt/renew_valid_day', 'company.renew', 'name', 'Extended company {subject} by {days} days', '为公司 {subject} 延长 {days} 天'],
  ['POST /v2/company_kt/disable', 'company.disable', 'name', 'Disabled company {subject}', '停用公司 {subject}'],
  ['POST /v2/company_kt/recover', 'company.recover', 'name', 'Restored company {subject}', '恢复公司 {subject}'],
  ['POST /v2/company/simple/', 'company.simple', 'name', 'Added company {subject}', '新增公司 {subject}'],
  ['POST /v2/company/modify_mobile', 'company.mobile', 'name', 'Changed the owner mobile of {subject}', '修改公司 {subject} 的负责人手机号'],
  ['POST /v2/company/import_batch_excel', 'company.import', undefined, 'Imported {count} companies from Excel', '从 Excel 导入了 {count} 家公司'],
  ['POST /v2/package', 'package.create', 'name', 'Added package {subject}, {amount}', '新增套餐 {subject}，{amount}'],
  ['PUT /v2/package', 'package.update', 'name', 'Edited package {subject}', '修改套餐 {subject}'],
  ['DELETE /v2/package/:id', 'package.delete', 'name', 'Deleted package {subject}', '删除套餐 {subject}'],
  ['POST /v2/admin_settlement/pay', 'settlement.pay', 'companyName', 'Paid the settlement of {subject}, {amount}', '向 {subject} 支付结算款，{amount}'],
  ['POST /v2/admin_invoice/issue', 'invoice.issue', 'orderNo', 'Issued the invoice of order {subject}, {amount}', '开具订单 {subject} 的发票，{amount}'],
  ['POST /v2/admin_invoice/reject', 'invoice.reject', 'orderNo', 'Rejected the invoice of order {subject}: {reason}', '驳回订单 {subject} 的发票申请：{reason}'],
  ['PUT /v2/platform_setting', 'platform.settings', undefined, 'Changed the platform settings', '修改平台设置'],
  ['PUT /v2/company_role/service', 'platform.service', 'name', 'Changed the service contact to {subject}', '将客服联系人改为 {subject}'],
];

/** Call ("METHOD /path" as registered) → its kind, or null for a POST that is not logged. */
export const AUDIT_KINDS: ReadonlyMap<string, AuditKind | null> = new Map(
  ROWS.map((r) => [r[0], r[1] === null ? null : { kind: r[1], subject: (r as Row)[2], en: (r as Row)[3], zh: (r as Row)[4] }]),
);

/** Every kind by its key (for rendering stored rows). */
export const KIND_BY_KEY: ReadonlyMap<string, AuditKind> = new Map(
  [...AUDIT_KINDS.values()].filter((k): k is AuditKind => !!k).map((k) => [k.kind, k]),
);
