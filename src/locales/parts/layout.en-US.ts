/** List and chart layout (issue 31): the row actions' "More" menu (en-US). */
const messages: Record<string, string> = {
  'rowActions.more': 'More',
  'rowActions.moreLabel': 'More actions',
};
export default messages;
