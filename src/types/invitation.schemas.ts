/** Request bodies of invitations (docs/rules.md#people-and-credentials), as zod schemas (src/types/schema.ts). */
import { bool, id, z } from './schema';

export const InvitationIdBody = z.object({ id: id() });

/** Accept or decline with the ticket of a login that had no usable membership (src/types/invitation.ts). */
export const InvitationTicketBody = z.object({ ticket: z.string().min(16).max(128), id: id(), accept: bool() });
