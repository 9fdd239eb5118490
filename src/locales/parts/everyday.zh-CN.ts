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
};
