/**
 * Notification rules (docs/rules.md#notices-and-notifications, /notify): events × channels × receivers, on or off per cell and company.
 * The mock's one `emit` function asks `targetsOf` which (channel, receiver) pairs an event reaches. Cells that make
 * no sense (a lead's owner for a roll call) do not exist: `EVENT_RECEIVERS` lists the receivers of each event.
 */
export const NOTIFY_EVENTS = ['lessonReminder', 'rollCallResult', 'hoursLow', 'cardExpiring', 'homeworkAssigned', 'leaveReviewed', 'leadAssigned', 'followUpDue'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];
export const NOTIFY_CHANNELS = ['inApp', 'sms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_RECEIVERS = ['parent', 'teacher', 'leadOwner', 'manager'] as const;
export type NotifyReceiver = (typeof NOTIFY_RECEIVERS)[number];

export const EVENT_RECEIVERS: Record<NotifyEvent, readonly NotifyReceiver[]> = {
  lessonReminder: ['parent', 'teacher'],
  rollCallResult: ['parent', 'manager'],
  hoursLow: ['parent', 'manager'],
  cardExpiring: ['parent', 'manager'],
  homeworkAssigned: ['parent'],
  leaveReviewed: ['parent', 'teacher'],
  leadAssigned: ['leadOwner', 'manager'],
  followUpDue: ['leadOwner'],
};

export interface RuleCell {
  event: NotifyEvent;
  channel: NotifyChannel;
  receiver: NotifyReceiver;
  on: boolean;
}

/** Cells on by default: in-app to everyone concerned; SMS only to parents for hours running low and expiring cards. */
export function defaultOn(event: NotifyEvent, channel: NotifyChannel, receiver: NotifyReceiver): boolean {
  if (!EVENT_RECEIVERS[event].includes(receiver)) return false;
  if (channel === 'inApp') return true;
  return receiver === 'parent' && (event === 'hoursLow' || event === 'cardExpiring');
}

/** Every existing cell with its default state. */
export function defaultRules(): RuleCell[] {
  const out: RuleCell[] = [];
  for (const event of NOTIFY_EVENTS)
    for (const channel of NOTIFY_CHANNELS)
      for (const receiver of EVENT_RECEIVERS[event]) out.push({ event, channel, receiver, on: defaultOn(event, channel, receiver) });
  return out;
}

export function cellExists(event: NotifyEvent, receiver: NotifyReceiver): boolean {
  return EVENT_RECEIVERS[event].includes(receiver);
}

/** Is the cell on? A saved cell wins, else the default; a cell that does not exist is off. */
export function isRuleOn(rules: readonly RuleCell[], event: NotifyEvent, channel: NotifyChannel, receiver: NotifyReceiver): boolean {
  if (!cellExists(event, receiver)) return false;
  const saved = rules.find((r) => r.event === event && r.channel === channel && r.receiver === receiver);
  return saved ? saved.on : defaultOn(event, channel, receiver);
}

/** The (channel, receiver) pairs an event reaches. */
export function targetsOf(rules: readonly RuleCell[], event: NotifyEvent): { channel: NotifyChannel; receiver: NotifyReceiver }[] {
  const out: { channel: NotifyChannel; receiver: NotifyReceiver }[] = [];
  for (const channel of NOTIFY_CHANNELS) for (const receiver of EVENT_RECEIVERS[event]) if (isRuleOn(rules, event, channel, receiver)) out.push({ channel, receiver });
  return out;
}
