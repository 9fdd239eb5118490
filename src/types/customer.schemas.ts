/**
 * Request bodies of the customer center (leads, follow-ups, the pool, collection forms, web sign-ups, merchants) as
 * zod schemas (src/types/schema.ts): strict, existing days only, closed enums.
 */
import { FOLLOW_UP_METHODS, GATHER_FIELD_KEYS, LEAD_INTENTIONS, LEAD_SOURCES, LEAD_STATUSES } from './customer';
import { bool, id, ids, int, mobile, oneOf, optDate, optText, text, z } from './schema';

const gender = () => oneOf(['male', 'female']);

/** Optional details of a lead; on update a key present (even empty) sets or clears the field. */
const leadDetails = {
  parentName: optText(30),
  gender: gender().nullish(),
  age: int(1, 80).nullish(),
  course: optText(50),
  remark: optText(500),
  merchantId: id().nullish(),
  nextFollowUpAt: optDate(),
};

export const LeadBody = z.object({
  name: text(30),
  mobile: mobile(),
  campusId: id(),
  intention: oneOf(LEAD_INTENTIONS),
  source: oneOf(LEAD_SOURCES),
  ...leadDetails,
  /** Managers and the dealer: absent = themselves, 0 = the pool. */
  ownerId: int(0, 1_000_000_000).optional(),
});

export const LeadUpdateBody = z.object({
  id: id(),
  name: text(30).optional(),
  mobile: mobile().optional(),
  campusId: id().optional(),
  intention: oneOf(LEAD_INTENTIONS).optional(),
  source: oneOf(LEAD_SOURCES).optional(),
  ...leadDetails,
});

export const LeadIdsBody = z.object({ ids: ids() });
export const DistributeBody = z.object({ ids: ids(), ownerId: id() });

export const FollowUpBody = z.object({
  leadId: id(),
  method: oneOf(FOLLOW_UP_METHODS),
  content: text(1000),
  nextFollowUpAt: optDate(),
  status: oneOf(LEAD_STATUSES).optional(),
  intention: oneOf(LEAD_INTENTIONS).optional(),
});

/** An id in a query string: digits only. */
export const queryId = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number);

export const FollowUpQuery = z.object({ leadId: queryId() });
export const FastCheckQuery = z.object({ mobile: mobile() });

export const GatherFieldBody = z.object({
  key: oneOf(GATHER_FIELD_KEYS as unknown as readonly [string, ...string[]]),
  label: text(30),
  required: bool().optional(),
});

export const GatherFormBody = z.object({
  campusId: id(),
  title: text(60),
  description: optText(500),
  /** Checked further by the handler (each key once, name and mobile present). */
  fields: z.array(z.unknown()),
  enabled: bool().optional(),
});
export const GatherFormUpdateBody = GatherFormBody.extend({ id: id() });

export const SignupIdsBody = z.object({ ids: ids() });

export const MerchantBody = z.object({
  name: text(50),
  category: text(30),
  contact: text(30),
  mobile: mobile(),
  address: optText(100),
  status: oneOf(['active', 'paused']).optional(),
  remark: optText(500),
  /** The partner's logo for co-branded posters (issue 31): an image data URL, checked by `checkImageDataUrl`. */
  logo: z.string().max(3_000_000).optional(),
});
export const MerchantUpdateBody = MerchantBody.extend({ id: id() });
