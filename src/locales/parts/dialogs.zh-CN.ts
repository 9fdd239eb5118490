/** Dialogs (issue 31): closing a changed form (zh-CN). */
const messages: Record<string, string> = {
  'form.discard.title': '放弃所做的修改？',
  'form.discard.text': '此表单中填写的内容将会丢失。',
  'form.discard.ok': '放弃',
  'form.discard.keep': '继续编辑',
};
export default messages;
