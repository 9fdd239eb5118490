/** 日常使用（issue 9）：数字字段、导出导入、快速查找、收据、共用文字。中文。 */
export default {
  'ev.number.noNegative': '此处不能输入负号：请输入正数。',
  'ev.number.integer': '请输入整数。',
  'ev.number.between': '请输入 {min} 到 {max} 之间的数。',
  'ev.number.min': '请输入不小于 {min} 的数。',
  'ev.number.max': '请输入不大于 {max} 的数。',
  'ev.money.zeroTitle': '金额为 ¥0.00',
  'ev.money.zeroContent': '这是赠送的卡吗？确认后按 0 元保存。',
  'ev.money.zeroOk': '是，0 元',
  'ev.selectRow': '选择 {name}',
  'ev.export': '导出',
  'ev.export.title': '正在导出{name}',
  'ev.export.progress': '导出进度',
  'ev.export.fetching': '已读取 {done} / {total} 行…',
  'ev.export.writing': '正在写入 Excel：{n, plural, other {# 行}}…',
  'ev.export.done': '已导出 {n, plural, other {# 行}}，用时 {s} 秒。',
  'ev.export.cancelled': '已取消导出：未保存文件。',
};
