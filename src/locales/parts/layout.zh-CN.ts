/** List and chart layout (issue 31): the row actions' "More" menu (zh-CN). */
const messages: Record<string, string> = {
  'rowActions.more': '更多',
  'rowActions.moreLabel': '更多操作',
};
export default messages;
