/** Invitations (docs/rules.md#people-and-credentials): the company's list and cancel, the invited person's answers. */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { AcceptedInvitation, Invitation, InvitationStatus, LoginAnswer, MyInvitation } from '@/types/invitation';

/* the company (/account/staff, /account/student) */
export const fetchInvitations = (query: ListQuery) => http.get<ListResult<Invitation>>('/v2/invitation', query);
export const cancelInvitation = (id: number) => http.post<Invitation>('/v2/invitation/cancel', { id });

/* the invited person, signed in (their own errors are shown in the dialog) */
export const fetchMyInvitations = () => http.get<MyInvitation[]>('/v2/invitation/mine', undefined, { skipErrorHandler: true });
export const acceptInvitation = (id: number) => http.post<AcceptedInvitation>('/v2/invitation/accept', { id }, { skipErrorHandler: true });
export const declineInvitation = (id: number) => http.post<{ id: number; status: InvitationStatus }>('/v2/invitation/decline', { id }, { skipErrorHandler: true });

/** The invited person without a usable membership: answers with the login's ticket; accepting answers a session. */
export const answerWithTicket = (ticket: string, id: number, accept: boolean) => http.post<LoginAnswer>('/v2/user/login/invitation', { ticket, id, accept }, { skipErrorHandler: true });
