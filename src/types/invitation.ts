/**
 * Invitations (docs/rules.md#people-and-credentials): a company that adds a mobile which already has an account invites that person
 * instead of attaching them; the membership is created when the person accepts (at their next login, or after
 * signing in with an SMS code), with what the invitation carried.
 */
import type { LoginResult, Role } from './session';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as the inviting company sees it (/account/staff and /account/student). */
export interface Invitation {
  id: number;
  /** The person's name in the company (the staff member, or the parent's name as entered). */
  name: string;
  mobile: string;
  role: Role;
  /** Permission group the membership gets (staff). */
  groupName?: string;
  /** Students linked at acceptance (parents). */
  studentNames: string[];
  inviterName: string;
  createdAt: string;
  status: InvitationStatus;
  /** When the person accepted or declined, or the company cancelled. */
  decidedAt?: string;
}

/** A pending invitation as the invited person sees it. */
export interface MyInvitation {
  id: number;
  companyName: string;
  role: Role;
  inviterName: string;
  createdAt: string;
}

/**
 * The login's answer for a person who has no usable membership but pending invitations: no session yet, a ticket
 * (valid INVITATION_TICKET_MINUTES, for this person only) to accept or decline them.
 */
export interface InvitationTicket {
  ticket: string;
  invitations: MyInvitation[];
}

export const INVITATION_TICKET_MINUTES = 10;

/** Whatever a login may answer: a session, or invitations to decide first. */
export type LoginAnswer = LoginResult | InvitationTicket;

export const isInvitationTicket = (a: LoginAnswer): a is InvitationTicket => 'ticket' in a;

/** What accepting answers: the new membership (its store appears in the store switch). */
export interface AcceptedInvitation {
  id: number;
  roleId: number;
  companyName: string;
  role: Role;
}

/** What adding a staff or parent login answers when the mobile already had an account: the invitation sent. */
export interface InvitationSent {
  invitation: Pick<Invitation, 'id' | 'status' | 'mobile' | 'role'>;
}
